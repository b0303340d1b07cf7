import { RECIPIENT_STATUS_LABELS, type RecipientStatus } from '@shared/broadcasts/status-machine.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useBroadcastRecipients } from '../api/broadcast-requests.ts';
import { useState } from 'react';
import { UserText } from '../../../components/ui/user-text.tsx';
import { balanceBidi } from '@shared/text/invisible.ts';

const TONES: Record<RecipientStatus, string> = {
  pending: 'bg-slate-100 text-slate-600',
  sent: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-red-50 text-red-700',
  skipped: 'bg-amber-50 text-amber-700',
};

/** Each recipient's outcome (sent, failed with the reason, pending), 50 a page, with a filter for the failures. */
export function RecipientList({ broadcastId, sending }: { broadcastId: string; sending: boolean }) {
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [page, setPage] = useState(1);
  const recipients = useBroadcastRecipients(broadcastId, page, failuresOnly, { enabled: true, polling: sending });
  const rows = recipients.data?.recipients;
  return (
    <Card>
      <CardHeader
        title="Destinatários"
        actions={
          <div role="group" aria-label="Filtro de destinatários" className="flex rounded-lg bg-slate-100 p-0.5 text-sm">
            {[false, true].map((only) => (
              <button
                key={String(only)}
                type="button"
                aria-pressed={failuresOnly === only}
                className={cn('rounded-md px-3 py-1 font-medium', failuresOnly === only ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600')}
                onClick={() => {
                  setFailuresOnly(only);
                  setPage(1);
                }}
              >
                {only ? 'Somente falhas' : 'Todos'}
              </button>
            ))}
          </div>
        }
      />
      {recipients.isError ? (
        <p className="px-6 py-6 text-sm text-slate-500">Não foi possível carregar os destinatários.</p>
      ) : rows === undefined ? (
        <div aria-busy="true" className="m-6 h-24 animate-pulse rounded-xl bg-slate-100" />
      ) : rows.length === 0 ? (
        <p className="px-6 py-6 text-sm text-slate-500">{failuresOnly ? 'Nenhuma falha.' : 'Nenhum destinatário ainda: a lista é montada quando o envio começa.'}</p>
      ) : (
        <ul aria-label="Resultado por destinatário" className="divide-y divide-slate-100">
          {rows.map((recipient) => {
            const name = [balanceBidi(recipient.firstName ?? ''), recipient.lastName].filter(Boolean).join(' ') || recipient.telegramId;
            return (
              <li key={`${recipient.telegramId}-${recipient.contactId ?? ''}`} className="flex items-start justify-between gap-3 px-5 py-3 sm:px-6">
                <span className="min-w-0">
                  <span className="block truncate text-sm text-slate-900"><UserText>{name}</UserText></span>
                  {recipient.username && <span className="block truncate text-xs text-slate-500"><UserText>{`@${recipient.username}`}</UserText></span>}
                  {recipient.reason && <span className="mt-0.5 block text-xs text-red-600">{recipient.reason}</span>}
                </span>
                <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', TONES[recipient.status])}>{RECIPIENT_STATUS_LABELS[recipient.status]}</span>
              </li>
            );
          })}
        </ul>
      )}
      {recipients.data && (
        <div className="px-6 pb-4">
          <Pagination page={page} totalPages={recipients.data.pagination.totalPages} onPage={setPage} label="Páginas de destinatários" />
        </div>
      )}
    </Card>
  );
}
