import type { ReactNode } from 'react';
import type { WebhookListItem } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS } from '@shared/webhooks/texts.ts';
import { DataCard } from '../../../components/data-card.tsx';
import { DataList, type DataColumn } from '../../../components/data-list.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { WebhookActions, type WebhookAction } from './webhook-actions.tsx';
import { LastDelivery, PausedNotice, WebhookStateBadge } from './webhook-status.tsx';

type Props = { webhooks: WebhookListItem[]; onAction: (action: WebhookAction, webhook: WebhookListItem) => void; disabled: boolean; empty?: ReactNode };

/** The destination and, under it, the description the user gave. */
function Destination({ webhook }: { webhook: WebhookListItem }) {
  return (
    <span className="block min-w-0">
      <span className="block font-mono text-sm font-semibold break-all text-slate-900">{webhook.url}</span>
      {webhook.description && <span className="block text-sm break-words text-slate-500"><UserText>{webhook.description}</UserText></span>}
    </span>
  );
}

const eventsCount = (webhook: WebhookListItem) => WEBHOOK_SCREEN_TEXTS.eventsCount(webhook.events.length);

function columns({ onAction, disabled }: Pick<Props, 'onAction' | 'disabled'>): DataColumn<WebhookListItem>[] {
  return [
    { header: 'URL', cell: (webhook) => (<div className="space-y-2"><Destination webhook={webhook} /><PausedNotice webhook={webhook} /></div>), className: 'max-w-md' },
    { header: 'Eventos', cell: eventsCount, className: 'whitespace-nowrap text-slate-700' },
    { header: 'Estado', cell: (webhook) => <WebhookStateBadge webhook={webhook} /> },
    { header: 'Última entrega', cell: (webhook) => <LastDelivery webhook={webhook} /> },
    { header: 'Ações', alignEnd: true, cell: (webhook) => <WebhookActions webhook={webhook} onAction={onAction} disabled={disabled} compact /> },
  ];
}

/** The subscriptions as a table on wide screens, cards on a phone (docs/product.md#screen-webhooks). */
export function WebhookList({ webhooks, onAction, disabled, empty }: Props) {
  const card = (webhook: WebhookListItem) => (
    <DataCard
      key={webhook.id}
      label={webhook.url}
      testId="webhook-card"
      title={<Destination webhook={webhook} />}
      badge={<WebhookStateBadge webhook={webhook} />}
      below={<PausedNotice webhook={webhook} />}
      fields={[
        { label: 'Eventos', value: eventsCount(webhook) },
        { label: 'Última entrega', value: <LastDelivery webhook={webhook} />, wide: true },
      ]}
      actions={<WebhookActions webhook={webhook} onAction={onAction} disabled={disabled} />}
    />
  );
  return <DataList rows={webhooks} rowKey={(webhook) => webhook.id} columns={columns({ onAction, disabled })} card={card} label="Webhooks" rowTestId="webhook-row" empty={empty} />;
}
