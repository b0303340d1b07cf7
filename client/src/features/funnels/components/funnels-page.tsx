import { Funnel as FunnelIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import { FUNNEL_TEXTS, FUNNEL_TOASTS, type Funnel } from '@shared/funnels/schemas.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useFunnels, useUpdateFunnel } from '../api/funnel-requests.ts';
import { useLiveFunnels } from '../hooks/use-live-funnels.ts';
import { FunnelCard, type FunnelAction } from './funnel-card.tsx';
import { FunnelModals, type OpenFunnelModal } from './funnel-modals.tsx';
import { TodayTotals } from './today-totals.tsx';

export const OFFLINE_FUNNELS_HINT = 'Você está offline: os funis ficam no servidor e voltam com a conexão.';

function NewFunnelButton({ online, onClick, children, className }: { online: boolean; onClick: () => void; children: string; className?: string }) {
  return (
    <Button className={className} disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** /funnels (docs/product.md#screen-funnels): today's totals, the funnel cards, the create and metrics modals. */
export function FunnelsPage() {
  const { online } = useSyncSnapshot();
  const funnels = useFunnels({ enabled: online });
  useLiveFunnels(online);
  const update = useUpdateFunnel();
  const [open, setOpen] = useState<OpenFunnelModal>(null);
  const list = funnels.data;
  const create = () => setOpen({ kind: 'create' });

  function act(action: FunnelAction, funnel: Funnel) {
    if (action === 'toggle') return void update.mutateAsync({ id: funnel.id, input: { isActive: !funnel.isActive } }).catch(() => {});
    setOpen({ kind: action, funnel });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Funis"
        description="Links de convite rastreados: visitas, cliques, entradas e saídas dos seus canais."
        actions={<NewFunnelButton online={online} onClick={create}>Novo funil</NewFunnelButton>}
      />
      {!online && <OfflineNotice>{OFFLINE_FUNNELS_HINT}</OfflineNotice>}
      {/* Figures only when they can come: not in place of a load error or while offline with nothing loaded. */}
      {(list || (online && !funnels.isError)) && <TodayTotals funnels={list} />}
      {funnels.isError && !list ? (
        <LoadFailedCard message={FUNNEL_TOASTS.loadListFailed} retrying={funnels.isFetching} onRetry={() => void funnels.refetch()} />
      ) : !list ? (
        online && <div aria-busy="true" aria-label="Carregando funis" className="h-48 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : list.length === 0 ? (
        <EmptyState
          role="note"
          icon={FunnelIcon}
          tone="bg-amber-50 text-amber-600"
          title={FUNNEL_TEXTS.empty}
          action={<NewFunnelButton online={online} onClick={create}>{FUNNEL_TEXTS.emptyAction}</NewFunnelButton>}
        />
      ) : (
        <ul aria-label="Funis" className="grid gap-4 lg:grid-cols-2">
          {list.map((funnel) => (
            <FunnelCard key={funnel.id} funnel={funnel} disabled={!online} busy={update.isPending && update.variables.id === funnel.id} onAction={act} />
          ))}
        </ul>
      )}
      <FunnelModals open={open} onClose={() => setOpen(null)} />
    </div>
  );
}
