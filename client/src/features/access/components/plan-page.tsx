import { Link, useNavigate } from '@tanstack/react-router';
import { Archive, ArrowLeft, Pencil } from 'lucide-react';
import { useState } from 'react';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useArchivePlan } from '../api/access-mutations.ts';
import { usePlan, usePlanFormOptions } from '../api/access-requests.ts';
import { ACCESS_TOASTS, OFFLINE_ACCESS_HINT } from '../api/access-texts.ts';
import type { MemberFilters } from '../utils/member-filters.ts';
import { durationLabel, priceLabel } from '../utils/plan-summary.ts';
import { ClaimHelp } from './claim-help.tsx';
import { MembersPanel } from './members-panel.tsx';
import { PlanChats } from './plan-chats.tsx';
import { PlanCounts } from './plan-counts.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import { PlanStarsLinks } from './plan-stars-links.tsx';
import { PlanWebhooks } from './plan-webhooks.tsx';
import { RevenueCard } from './revenue-card.tsx';
import { UnpaidMembers } from './unpaid-members.tsx';
import { WebhookLog } from './webhook-log.tsx';

function BackToPlans() {
  return (
    <Link to="/acessos" className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Planos de acesso
    </Link>
  );
}

/** The plan not read yet: loading, offline, or the load error with a retry. */
function PlanLoading({ online, query }: { online: boolean; query: ReturnType<typeof usePlan> }) {
  return (
    <div className="space-y-6">
      <BackToPlans />
      {!online && <OfflineNotice>{OFFLINE_ACCESS_HINT}</OfflineNotice>}
      {query.isError ? (
        <LoadFailedCard message={ACCESS_TOASTS.loadPlanFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : (
        online && <div aria-busy="true" aria-label="Carregando plano" className="h-48 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      )}
    </div>
  );
}

function PlanActions({ disabled, onEdit, onArchive }: { disabled: boolean; onEdit: () => void; onArchive: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={disabled} icon={<Pencil aria-hidden="true" className="size-4" />} onClick={onEdit}>
        Editar
      </Button>
      <Button variant="outline" disabled={disabled} className="text-red-700" icon={<Archive aria-hidden="true" className="size-4" />} onClick={onArchive}>
        Arquivar
      </Button>
    </div>
  );
}

/** /acessos/{id}: a plan's figures and chats, its webhook URLs and test purchases, its members and webhook log. */
export function PlanPage({ planId }: { planId: string }) {
  const { online } = useSyncSnapshot();
  const navigate = useNavigate();
  const query = usePlan(planId, online);
  const bots = usePlanFormOptions('').bots;
  const archive = useArchivePlan();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [filters, setFilters] = useState<MemberFilters>({ page: 1 });
  const plan = query.data;
  if (!plan) return <PlanLoading online={online} query={query} />;

  async function confirmArchive() {
    try {
      await archive.mutateAsync(planId);
      void navigate({ to: '/acessos' });
    } catch {
      // Toasted with the server's reason.
    }
    setArchiving(false);
  }

  const actions = <PlanActions disabled={!online || plan.archived} onEdit={() => setEditing(true)} onArchive={() => setArchiving(true)} />;
  return (
    <div className="space-y-6">
      <BackToPlans />
      <PageHeader title={<UserText>{plan.name}</UserText>} description={`${durationLabel(plan)} · ${priceLabel(plan)}${plan.active ? '' : ' · Inativo'}${plan.archived ? ' · Arquivado' : ''}`} actions={actions} />
      {!online && <OfflineNotice>{OFFLINE_ACCESS_HINT}</OfflineNotice>}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="space-y-6">
          <Card>
            <CardHeader title="Resumo" />
            <div className="space-y-4 px-5 py-4 sm:px-6">
              <PlanCounts counts={plan.counts} />
              <PlanChats plan={plan} />
            </div>
          </Card>
          <ClaimHelp botUsername={bots.data?.find((bot) => bot.id === plan.botId)?.username} />
        </div>
        <PlanWebhooks plan={plan} disabled={!online || plan.archived} />
      </div>
      <RevenueCard planId={plan.id} online={online} />
      <PlanStarsLinks plan={plan} />
      <UnpaidMembers plan={plan} online={online} />
      <MembersPanel filters={filters} onFilters={setFilters} plans={[plan]} fixedPlanId={plan.id} online={online} />
      <WebhookLog planId={plan.id} online={online} />
      {editing && <PlanFormModal plan={plan} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={archiving}
        title="Arquivar plano"
        message={`"${plan.name}" deixa de receber compras; os membros e o histórico continuam aqui.`}
        confirmLabel="Arquivar"
        danger
        loading={archive.isPending}
        onConfirm={() => void confirmArchive()}
        onCancel={() => setArchiving(false)}
      />
    </div>
  );
}
