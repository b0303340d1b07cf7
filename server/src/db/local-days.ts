/**
 * The days of a window in a time zone, as SQL common table expressions: `bounds` (today, local) and `series` (one row
 * per local day, oldest first, `days` of them ending today). Daily figures (funnel metrics, the activity dashboard)
 * join their counts to `series`, so a day without events is a row of zeros.
 */
import type { Queryable } from './client.ts';

export const localDaySeries = (sql: Queryable, days: number, timeZone: string) => sql`
    bounds as (
      select (now() at time zone ${timeZone})::date as today
    ),
    series as (
      select generate_series(today - (${days}::int - 1), today, interval '1 day')::date as day from bounds
    )`;
