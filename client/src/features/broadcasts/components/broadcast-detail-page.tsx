import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useBroadcastDetail } from '../hooks/use-broadcast-detail.ts';
import { useRowActions } from '../hooks/use-row-actions.ts';
import { DetailContentCard } from './detail-content-card.tsx';
import { DetailHeader } from './detail-header.tsx';
import { DetailInfoCard } from './detail-info-card.tsx';
import { ProgressCard } from './progress-card.tsx';
import { RecipientList } from './recipient-list.tsx';

const back = (
  <Link to="/broadcasts" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Voltar
  </Link>
);

/** /broadcasts/{id} (docs/product.md#screen-broadcast-detail): progress, content, information and each recipient's outcome. */
export function BroadcastDetailPage({ broadcastId }: { broadcastId: string }) {
  const navigate = useNavigate();
  const { online } = useSyncSnapshot();
  const { broadcast, missing, view } = useBroadcastDetail(broadcastId, online);
  const actions = useRowActions({ afterDelete: () => void navigate({ to: '/broadcasts' }) });
  if (missing) return <div className="space-y-6">{back}<Card className="px-6 py-10 text-center text-slate-600">Você está offline e este disparo não está neste aparelho.</Card></div>;
  if (!broadcast || !view) return <div className="space-y-6">{back}<div aria-busy="true" aria-label="Carregando disparo" className="h-96 animate-pulse rounded-2xl bg-white" /></div>;

  const live = broadcast.status === 'SENDING';
  return (
    <div className="space-y-6">
      <DetailHeader broadcast={broadcast} online={online} back={back} onAction={(action, row) => void actions.run(action, row)} />
      <ProgressCard view={view} live={live} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailContentCard broadcast={broadcast} />
        <DetailInfoCard broadcast={broadcast} />
      </div>
      {broadcast.localOnly ? (
        <Card className="px-6 py-6 text-sm text-slate-600">Este rascunho foi salvo neste aparelho e será enviado ao servidor quando a conexão voltar.</Card>
      ) : (
        online && <RecipientList broadcastId={broadcastId} sending={live} />
      )}
      <ConfirmDialog {...actions.dialog} />
    </div>
  );
}
