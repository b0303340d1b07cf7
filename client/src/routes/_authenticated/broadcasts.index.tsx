import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BROADCAST_STATUSES } from '@shared/broadcasts/status-machine.ts';
import { optionalPage, optionalString } from '../../lib/search-params.ts';
import { BroadcastsPage } from '../../features/broadcasts/components/broadcasts-page.tsx';
import type { BroadcastListSearch } from '../../features/broadcasts/components/broadcasts-toolbar.tsx';

/**
 * Page, bot, status and search live in the address (docs/product.md#screen-broadcasts); bad values fall back to none.
 * The status is checked against the shared list in the component (its own chunk): the list's module builds zod
 * schemas, which the route tree (downloaded with /login) must not carry.
 */
const searchSchema = (search: Record<string, unknown>): { page?: number | undefined; botId?: string | undefined; status?: string | undefined; q?: string | undefined } => ({
  page: optionalPage(search.page),
  botId: optionalString(search.botId),
  status: optionalString(search.status),
  q: optionalString(search.q),
});

export const Route = createFileRoute('/_authenticated/broadcasts/')({
  validateSearch: searchSchema,
  component: BroadcastsRoute,
});

function BroadcastsRoute() {
  const { status, ...search } = Route.useSearch();
  const navigate = useNavigate();
  const known = BROADCAST_STATUSES.find((candidate) => candidate === status);
  return <BroadcastsPage search={{ ...search, status: known }} onSearch={(next: BroadcastListSearch) => void navigate({ to: '/broadcasts', search: next })} />;
}
