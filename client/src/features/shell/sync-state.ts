import type { SyncSnapshot } from '../../offline/engine.ts';

export type SyncState = 'online' | 'offline' | 'syncing' | 'paused' | 'retry';

/** One word for the header: the browser's own offline flag wins, then what the last sync attempt saw. */
export function syncStateOf({ phase, online }: SyncSnapshot): SyncState {
  if (!online || phase === 'offline') return 'offline';
  if (phase === 'idle') return 'online';
  return phase;
}
