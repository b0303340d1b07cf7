/**
 * One signed-in user's sync engine: their database, the replayer and its triggers (docs/offline-sync.md#rule-7:
 * app start, `online`, the tab becoming visible, every enqueue, the backoff timer, and a slow poll for changes
 * made elsewhere). Kept per user at module level, so React's double mount or a remount of the shell does not open a
 * second database; `stop` only detaches triggers — the outbox outlives an expired session and resumes on sign-in.
 */
import Dexie from 'dexie';
import type { MutationArgs, MutationName } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import { listenToLiveEvents } from '../lib/live-events.ts';
import { toast } from '../lib/toast.ts';
import { CONFLICT_TEXTS } from './conflict-texts.ts';
import { clientIdOf, databaseName, openUserDb, type CanalizeDb, type ConflictEntry, type RejectedEntry } from './db.ts';
import { mutationLabel, refusalTitle } from './mutation-labels.ts';
import { countPending, enqueueAll, type Queued } from './outbox.ts';
import { createReplayer, type Replayer, type ReplayPhase } from './replayer.ts';
import { isQuotaError, LocalWriteError, requestPersistentStorage, STORAGE_TEXTS } from './storage.ts';
import { classifyFailure, httpTransport } from './transport.ts';

export type SyncSnapshot = { phase: ReplayPhase; online: boolean };

const POLL_MS = 60_000;

/**
 * A full disk while laying down the server's answer (a pull, an acknowledgement) is retried like any failure, but
 * the user is told why the cache stopped updating (docs/offline-sync.md#rule-11), not just "falha ao sincronizar".
 */
export function classifySyncFailure(error: unknown) {
  if (isQuotaError(error)) toast.error(STORAGE_TEXTS.quota, { id: 'local-write-error' });
  return classifyFailure(error);
}

function announceRejected(entries: RejectedEntry[]) {
  for (const entry of entries) {
    toast.error(refusalTitle(entry), { description: entry.message, id: `rejected-${entry.mutationId}` });
  }
}

/** Nothing changes under the user's eyes without a word: the pull that follows shows the server's value. */
function announceConflicts(entries: ConflictEntry[]) {
  for (const entry of entries) {
    toast.info(CONFLICT_TEXTS.toast(mutationLabel(entry)), { description: CONFLICT_TEXTS.toastDescription, id: `conflict-${entry.id}` });
  }
}

/** The replay triggers besides an enqueue: `online`, the tab becoming visible, other devices' pushes, the slow poll. Answers the detach. */
function attachTriggers(db: CanalizeDb, sync: () => Promise<void>, setOnline: (online: boolean) => void): () => void {
  const onOnline = () => (setOnline(true), void sync());
  const onOffline = () => setOnline(false);
  const onVisible = () => document.visibilityState === 'visible' && void sync();
  const poll = setInterval(onVisible, POLL_MS);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const stopListening = listenToOtherDevices(db, sync);
  return () => {
    stopListening();
    clearInterval(poll);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Another device of the user pushed changes (sync.changed on the live event stream): pull now, so its edit shows
 * within a round trip, not on the next poll (docs/offline-sync.md#rule-6). This device's own pushes are skipped; a
 * (re)connect catches up with a pull.
 */
function listenToOtherDevices(db: CanalizeDb, sync: () => Promise<void>): () => void {
  let own: string | undefined;
  void clientIdOf(db).then((id) => (own = id)).catch(() => undefined);
  return listenToLiveEvents({
    onOpen: () => void sync(),
    onEvent: (event) => {
      if (event.topic === 'sync.changed' && event.clientId !== own) void sync();
    },
  });
}

/** Applies and queues the changes; null after telling the user why the device could not store them. */
async function enqueueOrTell(db: CanalizeDb, changes: readonly Queued[]): Promise<MutationEnvelope[] | null> {
  try {
    return await enqueueAll(db, changes);
  } catch (error) {
    if (!(error instanceof LocalWriteError)) throw error;
    toast.error(error.message, { id: 'local-write-error' });
    return null;
  }
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

function createSyncEngine(userId: string, workspaceId: string) {
  const db: CanalizeDb = openUserDb(userId, undefined, workspaceId);
  const listeners = new Set<() => void>();
  let snapshot: SyncSnapshot = { phase: 'idle', online: navigator.onLine };
  let replayer: Replayer | null = null;
  let detach: (() => void) | null = null;

  const publish = (next: Partial<SyncSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const sync = () => replayer?.sync() ?? Promise.resolve();

  function start() {
    if (detach) return;
    replayer = createReplayer({
      db,
      transport: httpTransport,
      classify: classifySyncFailure,
      onRejected: announceRejected,
      onConflicts: announceConflicts,
      onPhase: (phase) => publish({ phase }),
    });
    detach = attachTriggers(db, sync, (online) => publish({ online }));
    void requestPersistentStorage();
    void sync();
  }

  /** Several changes of one user action, stored together or not at all (null: the device could not store them). */
  async function mutateAll(changes: readonly Queued[]): Promise<MutationEnvelope[] | null> {
    const envelopes = await enqueueOrTell(db, changes);
    if (envelopes) void sync();
    return envelopes;
  }

  function stop() {
    detach?.();
    detach = null;
    replayer?.stop();
    replayer = null;
  }

  return {
    userId,
    workspaceId,
    db,
    start,
    stop,
    sync,
    /** Applies locally and queues; null after telling the user why the device could not store it. */
    async mutate<N extends MutationName>(name: N, args: MutationArgs<N>): Promise<MutationEnvelope | null> {
      return (await mutateAll([{ name, args } as Queued]))?.[0] ?? null;
    },
    mutateAll,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** Logout: nothing of this user stays on the device. */
    async wipe() {
      stop();
      db.close();
      await Dexie.delete(db.name);
    },
  };
}

let current: SyncEngine | null = null;

/**
 * The engine of `userId` acting in `workspaceId`, reusing the open one; another user's or workspace's engine is
 * stopped (its data stays until logout).
 */
export function engineFor(userId: string, workspaceId = userId): SyncEngine {
  if (current?.userId === userId && current.workspaceId === workspaceId) return current;
  current?.stop();
  current?.db.close();
  current = createSyncEngine(userId, workspaceId);
  return current;
}

/** For code outside React (the service worker prompt): queued changes of whoever is signed in, 0 when nobody is. */
export async function pendingChangesNow(): Promise<number> {
  return current ? countPending(current.db) : 0;
}

/** Wipes a user's local data, in every workspace; the signed-in user's engine is closed first. */
export async function wipeUserData(userId: string): Promise<void> {
  if (current?.userId === userId) {
    const engine = current;
    current = null;
    await engine.wipe();
  }
  const own = databaseName(userId);
  const names = await Dexie.getDatabaseNames().catch(() => [own]);
  await Promise.all(names.filter((name) => name === own || name.startsWith(`${own}-`)).map((name) => Dexie.delete(name)));
}
