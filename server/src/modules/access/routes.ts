/**
 * docs/product.md#api-acessos: plans and the accesses they grant, for the `access` area (owners and admins; the
 * route table refuses the others). Thin routes over plan-service.ts and member-service.ts, parsed with the shared
 * schemas. The gateways' webhooks are public and live in webhooks/routes.ts.
 */
import { Elysia } from 'elysia';
import { accessMemberExportQuerySchema, accessMemberListQuerySchema, grantAccessInputSchema, revokeAccessInputSchema, updateAccessMemberInputSchema } from '@shared/access/members.ts';
import { accessRevenueQuerySchema } from '@shared/access/revenue.ts';
import { createPlanInputSchema, planListQuerySchema, updatePlanInputSchema } from '@shared/access/plans.ts';
import { removeUnpaidInputSchema } from '@shared/access/unpaid.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import { csvDownloadHeaders } from '../../lib/csv.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { joinGateRoutes } from './join-gate-routes.ts';
import { exportFileName, exportMembers } from './member-export.ts';
import * as members from './member-service.ts';
import * as plans from './plan-service.ts';
import { accessRevenue } from './revenue-service.ts';
import { refundStars } from './stars-refund.ts';
import { stopStarsRenewals } from './stars-renewals.ts';
import { removeUnpaid, unpaidReport } from './unpaid-service.ts';

type Deps = plans.PlansDeps & { accessTokens: AccessTokens; publicUrl: string | undefined; trustProxy: boolean };

/** Webhook URLs are absolute: PUBLIC_URL when set, else the address the console reached. */
const originOf = (deps: Deps, request: Request) => (deps.publicUrl ? deps.publicUrl.replace(/\/+$/, '') : new URL(request.url).origin);

export function accessRoutes(deps: Deps) {
  return new Elysia({ prefix: '/access' }).use(planRoutes(deps)).use(memberRoutes(deps)).use(joinGateRoutes(deps)).use(revenueRoutes(deps));
}

/** GET /access/revenue?days=7|30|90&tz=<IANA>&planId=<id>: revenue by local day, refunds apart (revenue-repository.ts). */
function revenueRoutes(deps: Deps) {
  return new Elysia()
    .use(auditedGuard(deps))
    .get('/revenue', async ({ userId, query }) => ok({ revenue: await accessRevenue(deps, userId, parseInput(accessRevenueQuerySchema, query)) }));
}

function planRoutes(deps: Deps) {
  return new Elysia({ prefix: '/plans' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId, actor, request, query }) => {
      const viewer = { role: actor.role, origin: originOf(deps, request) };
      return ok({ plans: await plans.listPlans(deps, userId, viewer, parseInput(planListQuerySchema, query).archived === 'true') });
    })
    .post('/', async ({ userId, actor, request, body, set }) => {
      const plan = await plans.createPlan(deps, userId, parseInput(createPlanInputSchema, body), { role: actor.role, origin: originOf(deps, request) });
      set.status = 201;
      return ok({ plan });
    })
    .get('/:id', async ({ userId, actor, request, params }) => ok({ plan: await plans.getPlan(deps, userId, params.id, { role: actor.role, origin: originOf(deps, request) }) }))
    .put('/:id', async ({ userId, actor, request, params, body }) => {
      const changes = parseInput(updatePlanInputSchema, body);
      return ok({ plan: await plans.updatePlan(deps, userId, params.id, changes, { role: actor.role, origin: originOf(deps, request) }) });
    })
    .delete('/:id', async ({ userId, params }) => {
      await plans.archivePlan(deps, userId, params.id);
      return ok({ archived: true as const });
    })
    .get('/:id/members', async ({ userId, params, query }) => {
      const filters = parseInput(accessMemberListQuerySchema, { ...query, planId: params.id });
      return ok(await members.listMembers(deps, userId, filters));
    })
    .post('/:id/members', async ({ userId, actor, params, body, set }) => {
      const member = await members.grantManually(deps, userId, params.id, parseInput(grantAccessInputSchema, body), actor.id);
      set.status = 201;
      return ok({ member });
    })
    // The dry-run: members without access in the plan's chats, removed only when the operator confirms.
    .get('/:id/unpaid', async ({ userId, params }) => ok({ report: await unpaidReport(deps, userId, params.id) }))
    .post('/:id/remove-unpaid', async ({ userId, actor, params, body }) =>
      ok(await removeUnpaid(deps, userId, params.id, parseInput(removeUnpaidInputSchema, body ?? {}), actor.id)));
}

function memberRoutes(deps: Deps) {
  return new Elysia({ prefix: '/members' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId, query }) => ok(await members.listMembers(deps, userId, parseInput(accessMemberListQuerySchema, query))))
    .get('/export', async ({ userId, query }) => {
      const csv = await exportMembers(deps.sql, userId, parseInput(accessMemberExportQuerySchema, query));
      return new Response(csv, { headers: csvDownloadHeaders(exportFileName(new Date())) });
    })
    .get('/:id', async ({ userId, params }) => ok({ member: await members.getMember(deps, userId, params.id) }))
    .patch('/:id', async ({ userId, actor, params, body }) => {
      const { accessUntil } = parseInput(updateAccessMemberInputSchema, body);
      return ok({ member: await members.setAccessUntil(deps, userId, params.id, accessUntil === null ? null : new Date(accessUntil), actor.id) });
    })
    .post('/:id/revoke', async ({ userId, actor, params, body }) => {
      const { reason } = parseInput(revokeAccessInputSchema, body ?? {});
      const member = await members.revoke(deps, userId, params.id, actor.id, reason);
      await stopStarsRenewals(deps, userId, params.id);
      return ok({ member });
    })
    .post('/:id/refund', async ({ userId, actor, params }) => ok({ member: await refundStars(deps, userId, params.id, actor.id) }));
}
