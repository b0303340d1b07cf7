/**
 * GET /funnels/{id}/metrics (docs/product.md#entity-funnel): counted from the stored events by SQL, per day in the
 * caller's time zone, every day of the window present (zeros included). Leads come from the attributed entries:
 * totalLeads every contact ever attributed, activeLeads those whose latest entry has not left. Sales: the charges of
 * accesses whose buyer's funnel visit is this funnel's.
 */
import type { FunnelMetrics, MetricsDays } from '@shared/funnels/schemas.ts';
import * as repo from './repository.ts';
import { ownedFunnel, type FunnelsDeps } from './service.ts';

export async function funnelMetrics(
  deps: Pick<FunnelsDeps, 'sql'>,
  userId: string,
  id: string,
  query: { days: MetricsDays; tz: string },
): Promise<FunnelMetrics> {
  const funnel = await ownedFunnel(deps, userId, id);
  const [history, leads, sales] = await Promise.all([
    repo.dailyMetrics(deps.sql, funnel.id, query.days, query.tz), repo.leadCounts(deps.sql, funnel.id), repo.dailySales(deps.sql, funnel.id, query.days, query.tz),
  ]);
  const last = history.at(-1);
  return {
    ...leads,
    today: { pageviews: last?.pageviews ?? 0, clicks: last?.clicks ?? 0, entries: last?.entries ?? 0, exits: last?.exits ?? 0 },
    history,
    days: query.days,
    timeZone: query.tz,
    sales: {
      purchases: sales.reduce((sum, day) => sum + day.purchases, 0),
      revenueCents: sales.reduce((sum, day) => sum + day.revenueCents, 0),
      history: sales,
    },
  };
}
