/** GET /access/revenue: the workspace's (or one of its plans') revenue by local day. */
import type { AccessRevenue, AccessRevenueQuery } from '@shared/access/revenue.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { unknownTimeZone } from '../dashboard/service.ts';
import { findPlan } from './plan-repository.ts';
import { dailyRevenue } from './revenue-repository.ts';

export async function accessRevenue(deps: { sql: Queryable }, userId: string, query: AccessRevenueQuery): Promise<AccessRevenue> {
  const planId = query.planId ?? null;
  if (planId && !(await findPlan(deps.sql, userId, planId))) throw notFound();
  const series = await dailyRevenue(deps.sql, userId, { days: query.days, timeZone: query.tz, planId }).catch(unknownTimeZone);
  return { days: query.days, timeZone: query.tz, planId, series };
}

