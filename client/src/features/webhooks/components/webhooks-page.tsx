import { Plus, RefreshCw, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import type { WebhookListItem } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS, WEBHOOK_TOASTS } from '@shared/webhooks/texts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useSendWebhookTest, useSetWebhookEnabled, useWebhooks } from '../api/webhook-requests.ts';
import type { WebhookAction } from './webhook-actions.tsx';
import { WebhookList } from './webhook-list.tsx';
import { WebhookModals, type OpenWebhookModal } from './webhook-modals.tsx';

function Description({ count }: { count: number | undefined }) {
  return (
    <>
      Receba os eventos do Canalize no seu sistema, assinados, em tempo real.
      {count !== undefined && (
        <span data-testid="webhook-count" className="ml-1.5 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {WEBHOOK_SCREEN_TEXTS.count(count)}
        </span>
      )}
    </>
  );
}

/** /webhooks (docs/product.md#screen-webhooks): the workspace's outgoing webhooks, read from the server; owners and admins only. */
export function WebhooksPage() {
  const { online } = useSyncSnapshot();
  const webhooks = useWebhooks(online);
  const [open, setOpen] = useState<OpenWebhookModal>(null);
  const pause = useSetWebhookEnabled(false);
  const resume = useSetWebhookEnabled(true);
  const sendTest = useSendWebhookTest();
  const list = webhooks.data;
  const refetch = () => void webhooks.refetch();
  const onAction = (action: WebhookAction, webhook: WebhookListItem) => {
    if (action === 'pause') pause.mutate(webhook.id);
    else if (action === 'resume') resume.mutate(webhook.id);
    else if (action === 'test') sendTest.mutate(webhook.id);
    else setOpen({ kind: action, webhook });
  };
  const actions = (
    <div className="flex gap-2">
      <Button variant="outline" disabled={!online} loading={webhooks.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={refetch}>
        Atualizar
      </Button>
      <Button disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setOpen({ kind: 'create' })}>
        Novo webhook
      </Button>
    </div>
  );
  return (
    <div className="space-y-6">
      <PageHeader title="Webhooks" description={<Description count={list?.length} />} actions={actions} />
      {!online && <OfflineNotice>{WEBHOOK_SCREEN_TEXTS.offline}</OfflineNotice>}
      {webhooks.isError && !list ? (
        <LoadFailedCard message={WEBHOOK_TOASTS.loadFailed} retrying={webhooks.isFetching} onRetry={refetch} />
      ) : !list ? (
        online && <div aria-busy="true" aria-label="Carregando webhooks" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : (
        <WebhookList
          webhooks={list}
          disabled={!online}
          onAction={onAction}
          empty={<EmptyState icon={WebhookIcon} title={WEBHOOK_SCREEN_TEXTS.empty} text={WEBHOOK_SCREEN_TEXTS.emptyHint} />}
        />
      )}
      <WebhookModals open={open} onClose={() => setOpen(null)} disabled={!online} />
    </div>
  );
}
