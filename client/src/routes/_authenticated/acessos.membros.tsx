import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ACCESS_STATUSES } from '@shared/access/texts.ts';
import { optionalPage, optionalString } from '../../lib/search-params.ts';
import { MembersPage, type MemberFilters } from '../../features/access/components/members-page.tsx';

type Search = { pagina?: number | undefined; situacao?: string | undefined; plano?: string | undefined; expirando?: string | undefined; busca?: string | undefined };

/** The members' filters live in the address (pt-BR names); bad values fall back to none. */
const searchSchema = (search: Record<string, unknown>): Search => ({
  pagina: optionalPage(search.pagina),
  situacao: optionalString(search.situacao),
  plano: optionalString(search.plano),
  expirando: optionalString(search.expirando),
  busca: optionalString(search.busca),
});

export const Route = createFileRoute('/_authenticated/acessos/membros')({
  validateSearch: searchSchema,
  component: MembersRoute,
});

function MembersRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const filters: MemberFilters = {
    page: search.pagina ?? 1,
    status: ACCESS_STATUSES.find((status) => status === search.situacao),
    planId: search.plano,
    expiring: search.expirando === '7' || undefined,
    search: search.busca,
  };
  const onFilters = (next: MemberFilters) =>
    void navigate({
      to: '/acessos/membros',
      search: { pagina: next.page > 1 ? next.page : undefined, situacao: next.status, plano: next.planId, expirando: next.expiring ? '7' : undefined, busca: next.search },
      replace: true,
    });
  return <MembersPage filters={filters} onFilters={onFilters} />;
}
