import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { usePlans } from '../api/access-requests.ts';
import { OFFLINE_ACCESS_HINT } from '../api/access-texts.ts';
import type { MemberFilters } from '../utils/member-filters.ts';

export type { MemberFilters };
import { MembersPanel } from './members-panel.tsx';

type Props = { filters: MemberFilters; onFilters: (filters: MemberFilters) => void };

/** /acessos/membros: the members of every plan; the filters live in the address (a shared link opens the same list). */
export function MembersPage({ filters, onFilters }: Props) {
  const { online } = useSyncSnapshot();
  const plans = usePlans(online);
  return (
    <div className="space-y-6">
      <Link to="/acessos" className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Planos de acesso
      </Link>
      <PageHeader title="Todos os membros" description="Quem comprou ou recebeu acesso, em todos os planos." />
      {!online && <OfflineNotice>{OFFLINE_ACCESS_HINT}</OfflineNotice>}
      <MembersPanel filters={filters} onFilters={onFilters} plans={plans.data ?? []} online={online} />
    </div>
  );
}
