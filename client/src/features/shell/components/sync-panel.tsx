import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDiscardRejected, usePendingEntries, useRejected } from '../../../offline/hooks.ts';
import { mutationLabel, SYNC_UI_TEXTS } from '../../../offline/mutation-labels.ts';
import { SyncConflicts } from './sync-conflicts.tsx';

/**
 * What waits on this device, what the server kept another device's newer value for (with both values and the two ways
 * out), and what it refused, with its reason; refused changes can be discarded.
 */
export function SyncPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const pending = usePendingEntries();
  const rejected = useRejected();
  const discard = useDiscardRejected();

  return (
    <Modal open={open} onClose={onClose} title="Alterações deste aparelho" description="Alterações feitas aqui são enviadas ao servidor automaticamente." size="lg">
      <SyncConflicts />
      <section aria-labelledby="sync-pending" className="space-y-2">
        <h3 id="sync-pending" className="text-sm font-semibold text-slate-900">
          {pending.length === 0 ? 'Nenhuma alteração pendente' : SYNC_UI_TEXTS.pending(pending.length)}
        </h3>
        {pending.length > 0 && (
          <ul aria-label="Alterações pendentes" className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
            {pending.map((entry) => (
              <li key={entry.mutationId} className="flex justify-between gap-3 px-3 py-2">
                <span className="text-slate-800">{mutationLabel(entry)}</span>
                <span className="shrink-0 text-slate-500">{formatDateTime(entry.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sync-rejected" className="mt-6 space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h3 id="sync-rejected" className="text-sm font-semibold text-slate-900">
            {rejected.length === 0 ? 'Nenhuma alteração recusada' : SYNC_UI_TEXTS.rejected(rejected.length)}
          </h3>
          {rejected.length > 1 && (
            <Button variant="ghost" size="sm" onClick={() => void discard()}>
              Descartar todas
            </Button>
          )}
        </div>
        {rejected.length > 0 && (
          <ul aria-label="Alterações recusadas" className="divide-y divide-slate-100 rounded-lg border border-red-200 text-sm">
            {rejected.map((entry) => (
              <li key={entry.mutationId} aria-label={mutationLabel(entry)} className="flex items-start justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{mutationLabel(entry)}</span>
                  <span className="block text-red-700">{entry.message}</span>
                  <span className="block text-xs text-slate-500">{formatDateTime(entry.createdAt)}</span>
                </span>
                <Button variant="outline" size="sm" onClick={() => void discard(entry.mutationId)}>
                  Descartar
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
