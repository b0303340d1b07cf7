import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { BROADCAST_STATUSES } from '@shared/broadcasts/schemas.ts';
import { BroadcastsPage, type BroadcastListSearch } from '../../features/broadcasts/components/broadcasts-page.tsx';

/** Page, bot, status and search live in the address (docs/product.md#screen-broadcasts); bad values fall back to none. */
const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  botId: z.string().optional().catch(undefined),
  status: z.enum(BROADCAST_STATUSES).optional().catch(undefined),
  q: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/broadcasts/')({
  validateSearch: searchSchema,
  component: BroadcastsRoute,
});

function BroadcastsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return <BroadcastsPage search={search} onSearch={(next: BroadcastListSearch) => void navigate({ to: '/broadcasts', search: next })} />;
}
