import { LogIn, LogOut, MousePointerClick, Eye, Funnel as FunnelIcon, Plus, RefreshCw, WifiOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FUNNEL_TEXTS, FUNNEL_TOASTS, type Funnel } from '@shared/funnels/schemas.ts';
import { StatCards } from '../../../components/stat-cards.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useDeleteFunnel, useFunnels, useUpdateFunnel } from '../api/funnel-requests.ts';
import { todayTotals } from '../utils/today-totals.ts';
import { CreateFunnelModal } from './create-funnel-modal.tsx';
import { FunnelCard, type FunnelAction } from './funnel-card.tsx';
import { MetricsModal } from './metrics-modal.tsx';

export const OFFLINE_FUNNELS_HINT = 'Você está offline: os funis ficam no servidor e voltam com a conexão.';

type Open = { kind: 'create' } | { kind: 'metrics' | 'delete'; funnel: Funnel } | null;

/** /funnels (docs/product.md#screen-funnels): today's totals, the funnel cards, the create and metrics modals. */
export function FunnelsPage() {
  const { online } = useSyncSnapshot();
  const funnels = useFunnels({ enabled: online });
  const update = useUpdateFunnel();
  const remove = useDeleteFunnel();
  const [open, setOpen] = useState<Open>(null);
  const list = funnels.data;
  const totals = useMemo(() => (list ? todayTotals(list) : undefined), [list]);
  const shown = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value));
  const close = () => setOpen(null);

  function act(action: FunnelAction, funnel: Funnel) {
    if (action === 'toggle') return void update.mutateAsync({ id: funnel.id, input: { isActive: !funnel.isActive } }).catch(() => {});
    setOpen({ kind: action, funnel });
  }

  async function confirmDelete(funnel: Funnel) {
    // A failure is toasted by the mutation cache (server's message, else 'Erro ao excluir funil').
    await remove.mutateAsync(funnel.id).catch(() => {});
    close();
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900">Funis</h2>
          <p className="mt-1 text-sm text-slate-500">Links de convite rastreados: visitas, cliques, entradas e saídas dos seus canais.</p>
        </div>
        <Button disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setOpen({ kind: 'create' })}>
          Novo funil
        </Button>
      </div>

      {!online && (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {OFFLINE_FUNNELS_HINT}
        </p>
      )}

      {/* Figures only when they can come: not in place of a load error or while offline with nothing loaded. */}
      {(list || (online && !funnels.isError)) && (
        <StatCards
          label="Totais de hoje"
          gridClassName="grid-cols-2 lg:grid-cols-4"
          cards={[
            { label: 'Visualizações hoje', icon: Eye, tone: 'bg-indigo-50 text-indigo-600', value: shown(totals?.pageviews) },
            { label: 'Cliques hoje', icon: MousePointerClick, tone: 'bg-sky-50 text-sky-600', value: shown(totals?.clicks) },
            { label: 'Entradas hoje', icon: LogIn, tone: 'bg-emerald-50 text-emerald-600', value: shown(totals?.entries) },
            { label: 'Saídas hoje', icon: LogOut, tone: 'bg-red-50 text-red-600', value: shown(totals?.exits) },
          ]}
        />
      )}

      {funnels.isError && !list ? (
        <Card role="alert" className="flex flex-col items-center px-6 py-14 text-center">
          <h3 className="text-lg font-semibold text-slate-900">{FUNNEL_TOASTS.loadListFailed}</h3>
          <Button variant="outline" className="mt-6" loading={funnels.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => void funnels.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : !list ? (
        online && <div aria-busy="true" aria-label="Carregando funis" className="h-48 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : list.length === 0 ? (
        <Card role="note" className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
            <FunnelIcon aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{FUNNEL_TEXTS.empty}</h3>
          <Button className="mt-6" disabled={!online} icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setOpen({ kind: 'create' })}>
            {FUNNEL_TEXTS.emptyAction}
          </Button>
        </Card>
      ) : (
        <ul aria-label="Funis" className="grid gap-4 lg:grid-cols-2">
          {list.map((funnel) => (
            <FunnelCard key={funnel.id} funnel={funnel} disabled={!online} busy={update.isPending && update.variables.id === funnel.id} onAction={act} />
          ))}
        </ul>
      )}

      {open?.kind === 'create' && <CreateFunnelModal onClose={close} />}
      {open?.kind === 'metrics' && <MetricsModal funnel={open.funnel} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Excluir funil"
        message={open?.kind === 'delete' ? FUNNEL_TEXTS.confirmDelete(open.funnel.name) : ''}
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onConfirm={() => open?.kind === 'delete' && void confirmDelete(open.funnel)}
        onCancel={close}
      />
    </div>
  );
}
