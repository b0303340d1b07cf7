import { AlertTriangle, CloudOff, Cloud, GitMerge, ListChecks, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { CONFLICT_TEXTS } from '../../../offline/conflict-texts.ts';
import { useConflicts, usePendingCount, useRejected, useSyncSnapshot } from '../../../offline/hooks.ts';
import { OFFLINE_SAVED_TOAST_ID, SYNC_UI_TEXTS } from '../../../offline/mutation-labels.ts';
import { syncStateOf, type SyncState } from '../sync-state.ts';
import { SyncPanel } from './sync-panel.tsx';

/**
 * The header's sync state (docs/offline-sync.md#rule-8): online / offline / sincronizando, how many changes wait on
 * this device, how many the server refused; a click opens the lists. Announced politely as it changes.
 */
export function SyncIndicator() {
  const snapshot = useSyncSnapshot();
  const pending = usePendingCount();
  const rejected = useRejected().length;
  const conflicts = useConflicts().length;
  const [open, setOpen] = useState(false);
  const state = syncStateOf(snapshot);
  useSyncedConfirmation(state, pending);
  const Icon = state === 'offline' ? CloudOff : state === 'syncing' ? RefreshCw : Cloud;

  return (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      <span
        role="status"
        aria-label="Sincronização"
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-xs font-medium sm:text-sm',
          state === 'offline' ? 'border-amber-300 bg-amber-50 text-amber-800' : 'border-slate-200 bg-white text-slate-600',
        )}
      >
        <Icon aria-hidden="true" className={cn('size-4', state === 'syncing' && 'animate-spin')} />
        <span className={cn(pending > 0 && 'sr-only sm:not-sr-only')}>{SYNC_UI_TEXTS[state]}</span>
        {pending > 0 && (
          <span className="rounded-full bg-brand-600 px-1.5 text-white">
            <span aria-hidden="true">{pending}</span>
            <span className="sr-only">{SYNC_UI_TEXTS.pending(pending)}</span>
          </span>
        )}
        {conflicts > 0 && (
          <span className="inline-flex items-center gap-1 text-amber-800">
            <GitMerge aria-hidden="true" className="size-4" />
            <span aria-hidden="true">{conflicts}</span>
            <span className="sr-only">{CONFLICT_TEXTS.count(conflicts)}</span>
          </span>
        )}
        {rejected > 0 && (
          <span className="inline-flex items-center gap-1 text-red-700">
            <AlertTriangle aria-hidden="true" className="size-4" />
            <span aria-hidden="true">{rejected}</span>
            <span className="sr-only">{SYNC_UI_TEXTS.rejected(rejected)}</span>
          </span>
        )}
      </span>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Ver alterações"
        title="Ver alterações deste aparelho"
        className="rounded-lg p-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
      >
        <ListChecks aria-hidden="true" className="size-5" />
      </button>
      <SyncPanel open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

/**
 * Changes made without a connection were announced as "saved on this device"; once the outbox has sent them all,
 * say so, and take the "will be sent" toast away. Changes made online need no such word: they were sent at once.
 */
function useSyncedConfirmation(state: SyncState, pending: number) {
  const waiting = useRef(0);
  useEffect(() => {
    if (state === 'offline' && pending > waiting.current) waiting.current = pending;
    if (state !== 'offline' && pending === 0 && waiting.current > 0) {
      toast.dismiss(OFFLINE_SAVED_TOAST_ID);
      toast.success(SYNC_UI_TEXTS.synced(waiting.current), { id: 'synced' });
      waiting.current = 0;
    }
  }, [state, pending]);
}
