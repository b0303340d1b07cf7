/** The route fixtures of paid access (docs/product.md#api-acessos): plans, accesses, manual grants, the export, Stars refunds, revenue by day, purchase webhooks, the join gate of a chat. */
import { accessMemberExportQuerySchema, accessMemberListQuerySchema, grantAccessInputSchema, revokeAccessInputSchema, updateAccessMemberInputSchema } from '@shared/access/members.ts';
import { gateDecisionsQuerySchema, updateJoinGateInputSchema } from '@shared/access/join-gate.ts';
import { accessRevenueQuerySchema } from '@shared/access/revenue.ts';
import { createPlanInputSchema, planListQuerySchema, updatePlanInputSchema } from '@shared/access/plans.ts';
import { removeUnpaidInputSchema } from '@shared/access/unpaid.ts';
import { testPurchaseInputSchema, webhookLogQuerySchema } from '@shared/access/webhook-log.ts';
import type { CrossTenantRequest, RouteFixture } from './route-fixture-types.ts';
import type { Tenant } from './tenant-scene.ts';

const planBody = (own: Tenant) => ({ name: 'Plano VIP', botId: own.botId, channelIds: [own.channelId], durationDays: 30, graceDays: 1 });
const buyer = () => ({ email: `compra-${crypto.randomUUID().slice(0, 8)}@exemplo.com`, days: 7 });
const later = () => new Date(Date.now() + 40 * 86_400_000).toISOString();

export const ACCESS_ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /api/access/plans/': { query: { schema: planListQuerySchema, valid: () => ({ archived: 'false' }) } },
  'POST /api/access/plans/': {
    body: { schema: createPlanInputSchema, valid: planBody },
    crossTenant: (victim, attacker) => [
      { label: "victim's bot and chat", body: planBody(victim) },
      { label: "own bot, victim's chat", body: { ...planBody(attacker), channelIds: [victim.channelId] } },
    ],
  },
  'GET /api/access/plans/:id': {},
  'PUT /api/access/plans/:id': {
    body: { schema: updatePlanInputSchema, valid: () => ({ name: 'Plano renomeado', graceDays: 2 }) },
    crossTenant: (victim, attacker) => [{ label: "own plan, victim's chat", params: { id: attacker.accessPlanId }, body: { channelIds: [victim.channelId] } }],
  },
  'DELETE /api/access/plans/:id': {},
  'GET /api/access/plans/:id/members': { query: { schema: accessMemberListQuerySchema, valid: () => ({ status: 'AWAITING_LINK', page: '1', limit: '20' }) } },
  'POST /api/access/plans/:id/members': { body: { schema: grantAccessInputSchema, valid: buyer } },
  'GET /api/access/plans/:id/unpaid': {},
  'POST /api/access/plans/:id/remove-unpaid': {
    body: { schema: removeUnpaidInputSchema, valid: (own) => ({ channelId: own.channelId }) },
    crossTenant: (victim, attacker) => [{ label: "own plan, victim's chat", params: { id: attacker.accessPlanId }, body: { channelId: victim.channelId } }],
  },
  'GET /api/access/members/': {
    query: { schema: accessMemberListQuerySchema, valid: (own) => ({ planId: own.accessPlanId, search: 'compra', expiringInDays: '30' }) },
    crossTenant: (victim): CrossTenantRequest[] => [
      { label: "victim's plan filter", query: { planId: victim.accessPlanId } },
      { label: "victim's contact filter", query: { contactId: victim.contactId } },
    ],
  },
  'GET /api/access/members/export': {
    query: { schema: accessMemberExportQuerySchema, valid: (own) => ({ planId: own.accessPlanId, status: 'AWAITING_LINK', search: 'compra', tz: 'America/Sao_Paulo' }) },
    crossTenant: (victim) => [{ label: "victim's plan filter", query: { planId: victim.accessPlanId } }],
  },
  'GET /api/access/members/:id': {},
  'PATCH /api/access/members/:id': { body: { schema: updateAccessMemberInputSchema, valid: () => ({ accessUntil: later() }) } },
  'POST /api/access/members/:id/revoke': { body: { schema: revokeAccessInputSchema, valid: () => ({ reason: 'Teste' }) } },
  'POST /api/access/members/:id/refund': {},
  'POST /api/access/webhooks/:id/:gateway': {
    public: "a gateway's delivery: its signature or token (the plan's) is the authentication; without it 401 and nothing stored (webhooks.test.ts)",
  },
  'GET /api/access/webhooks': {
    query: { schema: webhookLogQuerySchema, valid: (own) => ({ planId: own.accessPlanId, status: 'PROCESSED', page: '1', limit: '20' }) },
    crossTenant: (victim) => [{ label: "victim's plan filter", query: { planId: victim.accessPlanId } }],
  },
  'POST /api/access/webhooks/:id/reprocess': {},
  'GET /api/access/gate/:channelId': {},
  'PUT /api/access/gate/:channelId': { body: { schema: updateJoinGateInputSchema, valid: () => ({ rule: 'decline' }) } },
  'GET /api/access/gate/:channelId/decisions': { query: { schema: gateDecisionsQuerySchema, valid: () => ({ page: '1', limit: '20' }) } },
  'GET /api/access/revenue': {
    query: { schema: accessRevenueQuerySchema, valid: (own) => ({ days: '30', tz: 'America/Sao_Paulo', planId: own.accessPlanId }) },
    crossTenant: (victim) => [{ label: "victim's plan filter", query: { planId: victim.accessPlanId } }],
  },
  'POST /api/access/plans/:id/test-purchase': { body: { schema: testPurchaseInputSchema, valid: () => ({ gateway: 'generic', email: 'teste@exemplo.com' }) } },
};
