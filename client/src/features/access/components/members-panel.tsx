import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { AccessMember } from '@shared/access/members.ts';
import type { Plan } from '@shared/access/plans.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMembers } from '../api/access-requests.ts';
import { ACCESS_TOASTS } from '../api/access-texts.ts';
import { membersQuery, type MemberFilters } from '../utils/member-filters.ts';
import { ExportButton } from './export-button.tsx';
import { GrantModal } from './grant-modal.tsx';
import { MemberDetailModal } from './member-detail-modal.tsx';
import { MemberFilterBar } from './member-filters.tsx';
import { MemberList } from './member-list.tsx';

type Props = {
  filters: MemberFilters;
  onFilters: (filters: MemberFilters) => void;
  plans: Plan[];
  /** On a plan's page: the plan is fixed (no plan filter, no plan column). */
  fixedPlanId?: string;
  online: boolean;
};

/** Members with filters, search and pages; Conceder acesso, Exportar CSV, and each member's page. */
export function MembersPanel({ filters, onFilters, plans, fixedPlanId, online }: Props) {
  const effective = fixedPlanId ? { ...filters, planId: fixedPlanId } : filters;
  const members = useMembers(membersQuery(effective), online);
  const [granting, setGranting] = useState(false);
  const [open, setOpen] = useState<AccessMember | null>(null);
  const data = members.data;
  const empty = <EmptyState icon={Users} title="Nenhum membro encontrado" text="As compras aprovadas e os acessos concedidos aparecem aqui." />;
  return (
    <section aria-labelledby="members-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="members-title" className="text-lg font-semibold text-slate-900">
          Membros{data ? ` (${data.pagination.total})` : ''}
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton filters={effective} disabled={!online} />
          <Button disabled={!online || plans.length === 0} icon={<UserPlus aria-hidden="true" className="size-4" />} onClick={() => setGranting(true)}>
            Conceder acesso
          </Button>
        </div>
      </div>
      <MemberFilterBar filters={filters} plans={fixedPlanId ? undefined : plans} onChange={onFilters} />
      {members.isError && !data ? (
        <LoadFailedCard message={ACCESS_TOASTS.loadMembersFailed} retrying={members.isFetching} onRetry={() => void members.refetch()} />
      ) : !data ? (
        online && <div aria-busy="true" aria-label="Carregando membros" className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ) : (
        <MemberList
          members={data.members}
          showPlan={!fixedPlanId}
          onOpen={setOpen}
          empty={empty}
          pagination={{ page: data.pagination.page, totalPages: data.pagination.totalPages, onPage: (page) => onFilters({ ...filters, page }) }}
        />
      )}
      {granting && <GrantModal plans={plans} planId={fixedPlanId} onClose={() => setGranting(false)} />}
      {open && <MemberDetailModal key={open.id} member={open} disabled={!online} onClose={() => setOpen(null)} />}
    </section>
  );
}
