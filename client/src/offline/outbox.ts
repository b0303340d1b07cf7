/**
 * The outbox (docs/offline-sync.md#rule-1, #rule-3): a write is applied to the local rows and queued in ONE Dexie
 * transaction, so a crash can never leave a visible edit that is not queued, or a queued edit that is not visible.
 * `mutationId` comes from a meta row updated in that same transaction: IndexedDB runs overlapping read-write
 * transactions one after another, even across tabs, so ids are gapless (auto-increment keys are not: an aborted
 * insert burns one).
 */
import { mutationArgsSchemas, type MutationArgs, type MutationName } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import { applyEnvelope } from './mutations/apply-envelope.ts';
import { changedFields, isTrackedTable } from '@shared/sync/fields.ts';
import { clientIdOf, readMeta, type CanalizeDb, type OutboxEntry, type UndoRecord } from './db.ts';
import { toLocalWriteError } from './storage.ts';
import { MutationWriter } from './writer.ts';

/** Validates, applies locally and queues one mutation; answers its envelope. Throws LocalWriteError on a failed write. */
export async function enqueue<N extends MutationName>(db: CanalizeDb, name: N, args: MutationArgs<N>, now = new Date()): Promise<MutationEnvelope> {
  const [envelope] = await enqueueAll(db, [{ name, args } as Queued], now);
  if (!envelope) throw new Error('enqueue stored nothing');
  return envelope;
}

/** One queued change, its args typed by its name. */
export type Queued = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

/**
 * Several changes of one user action (a node with its connections, an undo of a batch) applied and queued in ONE
 * transaction: all of them, in order, or none — a failure part-way never leaves half an action shown and queued.
 */
export async function enqueueAll(db: CanalizeDb, changes: readonly Queued[], now = new Date()): Promise<MutationEnvelope[]> {
  // Invalid args are a programming error here: forms validate with the same shared schemas before calling this.
  const parsed = changes.map(({ name, args }) => ({ name, args: mutationArgsSchemas[name].parse(args) as unknown }));
  try {
    return await db.transaction('rw', db.everything, async () => {
      // Read inside the transaction: the replayer may be renumbering the queue under a new client id meanwhile.
      const clientId = await clientIdOf(db);
      const envelopes: MutationEnvelope[] = [];
      let mutationId = (await readMeta(db, 'lastMutationId')) ?? 0;
      for (const { name, args } of parsed) {
        mutationId += 1;
        const envelope: MutationEnvelope = { clientId, mutationId, name, args, createdAt: now.toISOString() };
        const writer = new MutationWriter(db);
        await applyEnvelope(writer, envelope);
        const base = await baseOf(db, writer.undo);
        const based: MutationEnvelope = base ? { ...envelope, base } : envelope;
        await db.outbox.add({ ...based, status: 'pending', undo: writer.undo });
        envelopes.push(based);
      }
      await db.meta.put({ key: 'lastMutationId', value: mutationId });
      return envelopes;
    });
  } catch (error) {
    throw toLocalWriteError(error);
  }
}

/**
 * The server's record of this client is behind what the client already dropped (its database was restored from a
 * backup): the ids it asks for are gone here, so the queue could never move again. The client takes a new id and
 * renumbers what is still queued from 1, in order, so the server applies it as a new client's first changes.
 */
export async function startOverAsNewClient(db: CanalizeDb): Promise<void> {
  await db.transaction('rw', db.everything, async () => {
    const entries = await db.outbox.orderBy('mutationId').toArray();
    const clientId = crypto.randomUUID();
    await db.outbox.clear();
    await db.outbox.bulkAdd(entries.map((entry, index) => ({ ...entry, clientId, mutationId: index + 1 })));
    await db.meta.bulkPut([
      { key: 'clientId', value: clientId },
      { key: 'lastMutationId', value: entries.length },
    ]);
  });
}

/** The wire form of a queued entry (no local bookkeeping). */
export const toEnvelope = ({ clientId, mutationId, name, args, createdAt, base }: OutboxEntry): MutationEnvelope =>
  base ? { clientId, mutationId, name, args, createdAt, base } : { clientId, mutationId, name, args, createdAt };

/**
 * What the edit was made on (docs/offline-sync.md#rule-6): the cursor of the rows shown, and the plain fields it
 * changed in the first row it edited whose fields are tracked (shared/sync/fields.ts). Also when it changed none
 * there: a whole welcome message saved again still carries fields another device may have changed since, and the
 * base is what keeps those. None when it edited no such row.
 */
async function baseOf(db: CanalizeDb, undo: readonly UndoRecord[]): Promise<MutationEnvelope['base']> {
  const edited = undo.find((record) => isTrackedTable(record.table));
  if (!edited) return undefined;
  const fields = changedFields(edited.table, edited.before, await db.rows(edited.table).get(edited.key));
  return { version: (await readMeta(db, 'cursor')) ?? 0, fields };
}

/** The oldest entries the server has not answered yet, in id order (equal index keys sort by primary key). */
export function nextPending(db: CanalizeDb, limit: number): Promise<OutboxEntry[]> {
  return db.outbox.where('status').equals('pending').limit(limit).toArray();
}

export function countPending(db: CanalizeDb): Promise<number> {
  return db.outbox.where('status').equals('pending').count();
}
