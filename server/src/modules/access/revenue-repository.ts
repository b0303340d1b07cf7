/**
 * Revenue of paid access by the caller's local day, summed at read time from access_payments (migration 0801): a
 * charge counts on the day it was paid, its refund or chargeback on the day it happened, apart, so a past day never
 * changes and the operator sees both. Reais are BRL charges only; Stars are counted in Stars. Scoped by the workspace
 * and, when given, one of its plans.
 */
import type { RevenueDay } from '@shared/access/revenue.ts';
import type { Queryable } from '../../db/client.ts';
import { localDaySeries } from '../../db/local-days.ts';

export function dailyRevenue(sql: Queryable, userId: string, window: { days: number; timeZone: string; planId: string | null }) {
  const { days, timeZone, planId } = window;
  const plan = planId === null ? sql`` : sql`and p.plan_id = ${planId}`;
  const start = sql`((bounds.today - (${days}::int - 1))::timestamp at time zone ${timeZone})`;
  return sql<RevenueDay[]>`
    with ${localDaySeries(sql, days, timeZone)},
    paid as (
      select (p.paid_at at time zone ${timeZone})::date as day,
             coalesce(sum(p.amount_cents) filter (where p.currency = 'BRL'), 0) as cents,
             coalesce(sum(p.amount_cents) filter (where p.currency = 'XTR'), 0) as stars,
             count(*) as sales
      from access_payments p, bounds
      where p.user_id = ${userId} ${plan} and p.paid_at >= ${start}
      group by 1
    ),
    refunded as (
      select (p.refunded_at at time zone ${timeZone})::date as day, sum(p.amount_cents) as cents
      from access_payments p, bounds
      where p.user_id = ${userId} ${plan} and p.currency = 'BRL' and p.refunded_at >= ${start}
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as date,
           coalesce(paid.cents, 0)::float8 as "revenueCents", coalesce(refunded.cents, 0)::float8 as "refundedCents",
           coalesce(paid.sales, 0)::int as sales, coalesce(paid.stars, 0)::float8 as stars
    from series s left join paid on paid.day = s.day left join refunded on refunded.day = s.day
    order by s.day`;
}
