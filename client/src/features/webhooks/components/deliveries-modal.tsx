import { RefreshCw, RotateCcw, Send } from 'lucide-react';
import type { WebhookDelivery, WebhookListItem } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS, WEBHOOK_TOASTS, webhookEventLabel } from '@shared/webhooks/texts.ts';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useDeliveries, useRedeliver, useSendWebhookTest } from '../api/webhook-requests.ts';
import { DeliveryStatusBadge } from './webhook-status.tsx';

const queued = (delivery: WebhookDelivery) => delivery.status === 'pending' || delivery.status === 'sending';

function DeliveryItem({ delivery, webhookId, disabled }: { delivery: WebhookDelivery; webhookId: string; disabled: boolean }) {
  const redeliver = useRedeliver();
  const label = webhookEventLabel(delivery.type);
  return (
    <li data-testid="delivery-item" aria-label={`${label}, ${formatDateTime(delivery.createdAt)}`} className="rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{label}</p>
          <p className="font-mono text-xs text-slate-500">{delivery.type}</p>
        </div>
        <DeliveryStatusBadge status={delivery.status} responseStatus={null} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div><dt className="text-xs text-slate-500">Data</dt><dd className="text-slate-800">{formatDateTime(delivery.createdAt)}</dd></div>
        <div><dt className="text-xs text-slate-500">Tentativas</dt><dd className="text-slate-800">{formatNumber(delivery.attempts)}</dd></div>
        <div><dt className="text-xs text-slate-500">Resposta</dt><dd className="text-slate-800">{delivery.responseStatus ?? '—'}</dd></div>
        <div><dt className="text-xs text-slate-500">Duração</dt><dd className="text-slate-800">{delivery.durationMs === null ? '—' : `${formatNumber(delivery.durationMs)} ms`}</dd></div>
      </dl>
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
        <p className="mt-2 text-xs text-slate-600">{`Nova tentativa em ${formatDateTime(delivery.nextAttemptAt)}`}</p>
      )}
      {(delivery.error ?? delivery.responseExcerpt) && (
        <p className="mt-2 rounded-lg bg-slate-50 px-2 py-1.5 font-mono text-xs break-words whitespace-pre-wrap text-slate-700">{delivery.error ?? delivery.responseExcerpt}</p>
      )}
      <div className="mt-2 flex justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || queued(delivery)}
          title={queued(delivery) ? 'Esta entrega ainda está na fila' : undefined}
          loading={redeliver.isPending}
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => redeliver.mutate({ id: webhookId, deliveryId: delivery.id })}
        >
          Reenviar
        </Button>
      </div>
    </li>
  );
}

/** The delivery log of one subscription, newest first, 50 at a time, with the test event and each delivery's "Reenviar". */
export function DeliveriesModal({ webhook, onClose, disabled }: { webhook: WebhookListItem; onClose: () => void; disabled: boolean }) {
  const deliveries = useDeliveries(webhook.id);
  const sendTest = useSendWebhookTest();
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries);
  return (
    <Modal open onClose={onClose} title="Entregas do webhook" description={webhook.url} size="2xl" footer={<Button variant="outline" onClick={onClose}>Fechar</Button>}>
      <div className="space-y-3">
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" loading={deliveries.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => void deliveries.refetch()}>
            Atualizar
          </Button>
          <Button size="sm" disabled={disabled} loading={sendTest.isPending} icon={<Send aria-hidden="true" className="size-4" />} onClick={() => sendTest.mutate(webhook.id)}>
            Enviar teste
          </Button>
        </div>
        {deliveries.isError && !rows ? (
          <LoadFailedCard message={WEBHOOK_TOASTS.deliveriesFailed} retrying={deliveries.isFetching} onRetry={() => void deliveries.refetch()} />
        ) : !rows ? (
          <div aria-busy="true" aria-label="Carregando entregas" className="h-24 animate-pulse rounded-xl bg-slate-100" />
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{WEBHOOK_SCREEN_TEXTS.noDeliveries}</p>
        ) : (
          <ul aria-label="Entregas" className="space-y-2">
            {rows.map((delivery) => <DeliveryItem key={delivery.id} delivery={delivery} webhookId={webhook.id} disabled={disabled} />)}
          </ul>
        )}
        {deliveries.hasNextPage && (
          <Button variant="outline" className="w-full" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
            Carregar mais
          </Button>
        )}
      </div>
    </Modal>
  );
}
