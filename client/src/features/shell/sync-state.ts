import type { SyncSnapshot } from '../../offline/engine.ts';

/** One word for the header: the browser's own offline flag wins, then what the last sync attempt saw. */
export function syncStateOf({ phase, online }: SyncSnapshot): 'online' | 'offline' | 'syncing' | 'paused' | 'retry' {
  if (!online || phase === 'offline') return 'offline';
  if (phase === 'idle') return 'online';
  return phase;
}
