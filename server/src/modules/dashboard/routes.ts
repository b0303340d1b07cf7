import { Elysia } from 'elysia';
import { memberFiguresQuerySchema } from '@shared/dashboard/member-figures.ts';
import { activityQuerySchema } from '@shared/dashboard/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { memberFiguresOf } from './member-figures.ts';
import { dashboardActivity, type DashboardDeps } from './service.ts';

/** GET /api/dashboard/activity?days=7|30|90&tz=<IANA time zone> (default 30 days, UTC). */
export function dashboardRoutes(deps: DashboardDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/dashboard' })
    .use(authGuard(deps.accessTokens))
    .get('/activity', async ({ userId, query }) =>
      ok({ activity: await dashboardActivity(deps, userId, parseInput(activityQuerySchema, query)) }),
    )
    // GET /api/dashboard/members?days=7|30: assigned, resolved, median first response per member.
    .get('/members', async ({ userId, query }) => ok(await memberFiguresOf(deps, userId, parseInput(memberFiguresQuerySchema, query).days)));
}
