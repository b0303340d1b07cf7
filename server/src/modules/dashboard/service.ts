/** GET /dashboard/activity: the user's daily series and the "agora" figures, read side by side. */
import { DASHBOARD_TEXTS, type ActivityQuery, type DashboardActivity } from '@shared/dashboard/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export type DashboardDeps = { sql: Queryable };

export async function dashboardActivity(deps: DashboardDeps, userId: string, query: ActivityQuery): Promise<DashboardActivity> {
  const [series, now] = await Promise.all([
    repo.dailyActivity(deps.sql, userId, query.days, query.tz).catch(unknownTimeZone),
    repo.activityNow(deps.sql, userId),
  ]);
  return { days: query.days, timeZone: query.tz, series, now };
}

/** A zone the browser knows and the database's tz data does not (22023) is the caller's bad input, not a fault. */
export function unknownTimeZone(error: unknown): never {
  if (error instanceof Error && 'code' in error && error.code === '22023') {
    throw new AppError('VALIDATION_FAILED', 400, DASHBOARD_TEXTS.timeZoneInvalid, { tz: DASHBOARD_TEXTS.timeZoneInvalid });
  }
  throw error;
}
