/**
 * What screens use: reads are live Dexie queries (every tab re-renders when any tab or a pull changes the rows),
 * writes go through `useMutate` (optimistic + queued in one transaction). TanStack Query stays for one-off server
 * computations that are not cached here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, useSyncExternalStore } from 'react';
import { applyMine, keepServerValue } from './conflicts.ts';
import { readMeta, type CanalizeDb, type ConflictEntry } from './db.ts';
import { countPending } from './outbox.ts';
import { useSyncEngine } from './provider.tsx';
import type { SyncSnapshot } from './engine.ts';

/**
 * Rows from the local cache; undefined while loading AND until the first pull has completed, so a first visit
 * shows skeletons rather than a misleading empty state.
 */
export function useCached<T>(query: (db: CanalizeDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const { db } = useSyncEngine();
  return useLiveQuery(async () => ((await readMeta(db, 'pulledAt')) === undefined ? undefined : query(db)), [db, ...deps]);
}

export function useMutate() {
  return useSyncEngine().mutate;
}

/** Queues the changes of one user action atomically (see enqueueAll). */
export function useMutateAll() {
  return useSyncEngine().mutateAll;
}

/** Runs a push + pull now (e.g. after an online-only REST call changed server rows) and resolves when done. */
export function useSyncNow() {
  return useSyncEngine().sync;
}

export function useSyncSnapshot(): SyncSnapshot {
  const engine = useSyncEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

export function usePendingCount(): number {
  const { db } = useSyncEngine();
  return useLiveQuery(() => countPending(db), [db]) ?? 0;
}

export function usePendingEntries() {
  const { db } = useSyncEngine();
  return useLiveQuery(() => db.outbox.where('status').equals('pending').sortBy('mutationId'), [db]) ?? [];
}

/**
 * The still-pending entries whose name starts with `prefix` (e.g. 'broadcast.'), oldest first: a screen whose rows
 * are not cached (broadcasts are read from the server) lays its own queued changes over what the server answered.
 * undefined until the first read.
 */
export function usePendingMutations(prefix: string) {
  const { db } = useSyncEngine();
  return useLiveQuery(
    async () => (await db.outbox.where('status').equals('pending').sortBy('mutationId')).filter((entry) => entry.name.startsWith(prefix)),
    [db, prefix],
  );
}

export function useRejected() {
  const { db } = useSyncEngine();
  return useLiveQuery(() => db.rejected.orderBy('mutationId').toArray(), [db]) ?? [];
}

/** Discarding a refused change only forgets it: its local effect was already taken back when it was refused. */
export function useDiscardRejected() {
  const { db } = useSyncEngine();
  return (mutationId?: number) => (mutationId === undefined ? db.rejected.clear() : db.rejected.delete(mutationId));
}

/** Changes the server applied but for another device's newer values, oldest first (docs/offline-sync.md#rule-6). */
export function useConflicts(): ConflictEntry[] {
  const { db } = useSyncEngine();
  return useLiveQuery(() => db.conflicts.orderBy('receivedAt').toArray(), [db]) ?? [];
}

/** "Manter o do servidor" forgets the entry; "Aplicar o meu" queues this device's values again and syncs. */
export function useResolveConflict() {
  const { db, sync } = useSyncEngine();
  return {
    keepServer: (id: string) => keepServerValue(db, id),
    applyMine: async (entry: ConflictEntry) => {
      if (await applyMine(db, entry)) void sync();
    },
  };
}

/** Whether a queued mutation was answered: `acked`, `rejected`, or still `pending` after `timeoutMs`. */
export function useWhenAnswered() {
  const { db } = useSyncEngine();
  return async (mutationId: number, timeoutMs: number): Promise<'acked' | 'rejected' | 'pending'> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await db.rejected.get(mutationId)) return 'rejected';
      const entry = await db.outbox.get(mutationId);
      if (!entry || entry.status === 'acked') return 'acked';
      if (Date.now() >= deadline) return 'pending';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/**
 * Nothing cached yet and the sync that would fill the cache failed (no network, server unreachable or erroring):
 * screens show their load error instead of a skeleton that never resolves. The failure sticks until the cache is
 * filled, so the screen does not flicker back to the skeleton on every retry. Once one pull succeeded, the cache
 * answers and a failing sync only shows in the header.
 */
export function useFirstLoadFailed(): boolean {
  const { db } = useSyncEngine();
  const { phase } = useSyncSnapshot();
  const filled = useLiveQuery(async () => (await readMeta(db, 'pulledAt')) !== undefined, [db]);
  const [failed, setFailed] = useState(false);
  const failingNow = filled === false && (phase === 'retry' || phase === 'offline');
  if (failingNow && !failed) setFailed(true);
  if (filled === true && failed) setFailed(false);
  return failed || failingNow;
}
