/**
 * The two passes of one replay (replayer.ts): push the outbox in batches until it is drained, then pull until the
 * server has nothing newer. Each checks `stopped` between round trips, so a stopped replayer ends after the current one.
 */
import { acknowledge } from './acknowledge.ts';
import { readMeta, type CanalizeDb, type ConflictEntry, type RejectedEntry } from './db.ts';
import { nextPending, startOverAsNewClient, toEnvelope } from './outbox.ts';
import { applyPull } from './pull.ts';
import type { SyncTransport } from './replayer.ts';

export type ReplayPass = {
  db: CanalizeDb;
  transport: SyncTransport;
  batchSize: number;
  onRejected?: ((entries: RejectedEntry[]) => void) | undefined;
  onConflicts?: ((entries: ConflictEntry[]) => void) | undefined;
  stopped(): boolean;
};

export async function pushOutbox({ db, transport, batchSize, onRejected, onConflicts, stopped }: ReplayPass) {
  let previousFirst = 0;
  let stalls = 0;
  let startedOver = false;
  while (!stopped()) {
    const batch = await nextPending(db, batchSize);
    if (batch.length === 0) return;
    // The same head answered three times without moving: stop hammering the server and let the timer retry.
    stalls = batch[0]?.mutationId === previousFirst ? stalls + 1 : 0;
    if (stalls >= 3) throw new Error('A fila de alterações não avança');
    previousFirst = batch[0]?.mutationId ?? 0;
    const result = await transport.push(batch.map(toEnvelope));
    const outcome = await acknowledge(db, batch, result);
    if (outcome.rejected.length > 0) onRejected?.(outcome.rejected);
    if (outcome.conflicts.length > 0) onConflicts?.(outcome.conflicts);
    // A gap the local queue cannot fill (the server lost what it had acknowledged: a restored database) would
    // loop forever: continue as a new client once; if even that does not help, stop and let the timer try later.
    if (outcome.gap && !(await db.outbox.get(result.lastMutationId + 1))) {
      if (startedOver) throw new Error('Fila local sem a alteração pedida pelo servidor');
      startedOver = true;
      await startOverAsNewClient(db);
      previousFirst = 0;
    }
  }
}

export async function pullToCurrent({ db, transport, stopped }: ReplayPass) {
  while (!stopped()) {
    const page = await transport.pull((await readMeta(db, 'cursor')) ?? 0);
    await applyPull(db, page);
    if (!page.hasMore) return;
  }
}
