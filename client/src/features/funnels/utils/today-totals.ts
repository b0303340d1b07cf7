import type { Funnel, FunnelDayCounts } from '@shared/funnels/schemas.ts';

/** Today's totals of the screen (docs/product.md#screen-funnels): the sum of every funnel's figures of today. */
export function todayTotals(funnels: readonly Pick<Funnel, 'todayMetrics'>[]): FunnelDayCounts {
  return funnels.reduce(
    (total, { todayMetrics: day }) => ({
      pageviews: total.pageviews + day.pageviews,
      clicks: total.clicks + day.clicks,
      entries: total.entries + day.entries,
      exits: total.exits + day.exits,
    }),
    { pageviews: 0, clicks: 0, entries: 0, exits: 0 },
  );
}
