import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_STATUS_LABELS, type WebhookEvent, type WebhookStatus } from '@shared/access/webhook-log.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReprocessWebhook } from '../api/access-mutations.ts';
import { queryString, useWebhookLog } from '../api/access-requests.ts';
import { ACCESS_TOASTS } from '../api/access-texts.ts';
import { WEBHOOK_GATEWAY_LABELS } from './plan-webhooks.tsx';

const TONES: Record<WebhookStatus, string> = {
  PROCESSED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  IGNORED: 'bg-slate-100 text-slate-700 ring-slate-200',
  NOT_PROCESSED: 'bg-red-50 text-red-800 ring-red-200',
};

function Entry({ event, disabled }: { event: WebhookEvent; disabled: boolean }) {
  const reprocess = useReprocessWebhook();
  return (
    <li data-testid="webhook-entry" className="space-y-1 px-5 py-3 text-sm sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="webhook-status" className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONES[event.status])}>
          {WEBHOOK_STATUS_LABELS[event.status]}
        </span>
        <span className="font-medium text-slate-800">{WEBHOOK_GATEWAY_LABELS[event.gateway]}</span>
        {event.test && <span className="rounded bg-amber-50 px-1.5 text-xs font-medium text-amber-800">Teste</span>}
        <time dateTime={event.receivedAt} className="ml-auto text-xs text-slate-500">
          {formatDateTime(event.receivedAt)}
        </time>
      </div>
      {(event.email || event.transactionId) && (
        <p className="text-xs break-words text-slate-600">
          <UserText>{[event.email, event.transactionId && `transação ${event.transactionId}`].filter(Boolean).join(' · ')}</UserText>
        </p>
      )}
      {event.reason && <p className="text-xs text-slate-700">Motivo: {event.reason}</p>}
      {event.status === 'NOT_PROCESSED' && (
        <Button variant="outline" size="sm" disabled={disabled} loading={reprocess.isPending} icon={<RotateCcw aria-hidden="true" className="size-4" />} onClick={() => reprocess.mutate(event.id)}>
          Reprocessar
        </Button>
      )}
    </li>
  );
}

/** Webhooks recebidos: what the gateways sent the plan, processed or not (with the reason), newest first. */
export function WebhookLog({ planId, online }: { planId: string; online: boolean }) {
  const [page, setPage] = useState(1);
  const log = useWebhookLog(queryString({ planId, page, limit: 20 }), online);
  const data = log.data;
  return (
    <Card>
      <CardHeader title="Webhooks recebidos" description="O que as plataformas enviaram; os não processados podem ser reprocessados." />
      {log.isError && !data ? (
        <p role="alert" className="px-5 py-4 text-sm text-red-700 sm:px-6">
          {ACCESS_TOASTS.loadWebhooksFailed}
        </p>
      ) : !data ? (
        online && <div aria-busy="true" aria-label="Carregando webhooks" className="m-5 h-20 animate-pulse rounded-xl bg-slate-50" />
      ) : data.webhooks.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">Nenhum webhook recebido ainda. Envie uma compra de teste para conferir.</p>
      ) : (
        <>
          <ul aria-label="Webhooks recebidos" className="divide-y divide-slate-100">
            {data.webhooks.map((event) => (
              <Entry key={event.id} event={event} disabled={!online} />
            ))}
          </ul>
          <div className="px-5 pb-4">
            <Pagination page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} label="Páginas de webhooks" />
          </div>
        </>
      )}
    </Card>
  );
}
