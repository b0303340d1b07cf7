/**
 * The outbox (guide/offline-sync.md rules 1 and 3): a write is applied to the local rows and queued in ONE Dexie
 * transaction, so a crash can never leave a visible edit that is not queued, or a queued edit that is not visible.
 * `mutationId` comes from a meta row updated in that same transaction: IndexedDB runs overlapping read-write
 * transactions one after another, even across tabs, so ids are gapless (auto-increment keys are not: an aborted
 * insert burns one).
 */
import { mutationArgsSchemas, type MutationArgs, type MutationName } from '../../../shared/sync/mutations.ts';
import type { MutationEnvelope } from '../../../shared/sync/protocol.ts';
import { applyEnvelope } from './apply/index.ts';
import { clientIdOf, readMeta, type CanalizeDb, type OutboxEntry } from './db.ts';
import { toLocalWriteError } from './storage.ts';
import { MutationWriter } from './writer.ts';

/** Validates, applies locally and queues one mutation; answers its envelope. Throws LocalWriteError on a failed write. */
export async function enqueue<N extends MutationName>(db: CanalizeDb, name: N, args: MutationArgs<N>, now = new Date()): Promise<MutationEnvelope> {
  // Invalid args are a programming error here: forms validate with the same shared schemas before calling this.
  const parsed = mutationArgsSchemas[name].parse(args);
  try {
    const clientId = await clientIdOf(db);
    return await db.transaction('rw', db.everything, async () => {
      const mutationId = ((await readMeta(db, 'lastMutationId')) ?? 0) + 1;
      const envelope: MutationEnvelope = { clientId, mutationId, name, args: parsed, createdAt: now.toISOString() };
      const writer = new MutationWriter(db);
      await applyEnvelope(writer, envelope);
      await db.meta.put({ key: 'lastMutationId', value: mutationId });
      await db.outbox.add({ ...envelope, status: 'pending', undo: writer.undo });
      return envelope;
    });
  } catch (error) {
    throw toLocalWriteError(error);
  }
}

/** The wire form of a queued entry (no local bookkeeping). */
export const toEnvelope = ({ clientId, mutationId, name, args, createdAt }: OutboxEntry): MutationEnvelope => ({
  clientId,
  mutationId,
  name,
  args,
  createdAt,
});

/** The oldest entries the server has not answered yet, in id order (equal index keys sort by primary key). */
export function nextPending(db: CanalizeDb, limit: number): Promise<OutboxEntry[]> {
  return db.outbox.where('status').equals('pending').limit(limit).toArray();
}

export function countPending(db: CanalizeDb): Promise<number> {
  return db.outbox.where('status').equals('pending').count();
}
