import type { Webhook, WebhookDeliveryStatus, WebhookListItem } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_TEXTS } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS } from '@shared/webhooks/texts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';

type State = 'active' | 'paused' | 'failing';

/** Paused by the user (`enabled` off), paused by the server after failing deliveries (`pausedAt`), or active. */
export const webhookState = (webhook: Webhook): State => (!webhook.enabled ? 'paused' : webhook.pausedAt ? 'failing' : 'active');

const STATE_VIEW: Record<State, { label: string; className: string }> = {
  active: { label: WEBHOOK_SCREEN_TEXTS.stateActive, className: 'bg-emerald-50 text-emerald-800' },
  paused: { label: WEBHOOK_SCREEN_TEXTS.statePaused, className: 'bg-slate-100 text-slate-700' },
  failing: { label: WEBHOOK_SCREEN_TEXTS.stateFailing, className: 'bg-red-50 text-red-800' },
};

export function WebhookStateBadge({ webhook }: { webhook: Webhook }) {
  const view = STATE_VIEW[webhookState(webhook)];
  return <span data-testid="webhook-state" className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', view.className)}>{view.label}</span>;
}

const STATUS_CLASSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  sending: 'bg-sky-50 text-sky-800',
  delivered: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/** A delivery's status in pt-BR, with the receiver's answer code when there is one. */
export function DeliveryStatusBadge({ status, responseStatus }: { status: WebhookDeliveryStatus; responseStatus: number | null }) {
  return (
    <span data-testid="delivery-status" className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {WEBHOOK_TEXTS.statusLabels[status]}
      {responseStatus !== null && ` · ${responseStatus}`}
    </span>
  );
}

export function LastDelivery({ webhook }: { webhook: WebhookListItem }) {
  const last = webhook.lastDelivery;
  if (!last) return <span className="text-sm text-slate-500">{WEBHOOK_SCREEN_TEXTS.noDelivery}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
      <DeliveryStatusBadge status={last.status} responseStatus={last.responseStatus} />
      <span>{formatDateTime(last.createdAt)}</span>
    </span>
  );
}

/** The server's notice on a subscription it paused, with the reason it gave. */
export function PausedNotice({ webhook }: { webhook: Webhook }) {
  if (webhookState(webhook) !== 'failing') return null;
  return (
    <p role="note" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {WEBHOOK_TEXTS.pausedNotice}
      {webhook.pauseReason && <span className="block text-xs break-words text-red-700">{webhook.pauseReason}</span>}
    </p>
  );
}
