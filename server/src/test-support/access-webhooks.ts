/**
 * Test support for the purchase webhooks (modules/access/webhooks): each gateway's fixture signed the gateway's way
 * with a plan's token, posted raw to the plan's public URL, and the reads a test makes of the result.
 */
import { createHmac } from 'node:crypto';
import { accessMemberListResponseSchema } from '@shared/access/members.ts';
import { planResponseSchema, type Plan } from '@shared/access/plans.ts';
import { webhookLogResponseSchema } from '@shared/access/webhook-log.ts';
import { fixtureText } from '../modules/access/gateways/fixtures/load.ts';
import { sign, SIGNATURE_HEADER } from '../lib/signature.ts';
import type { TestServer } from './start-test-server.ts';

export const GATEWAY_TOKENS = { hotmart: 'hottok-teste-123', kiwify: 'kiwify-token-456', eduzz: 'eduzz-chave-789' } as const;
/** The products of the fixtures (../modules/access/gateways/fixtures). */
export const FIXTURE_PRODUCTS = { hotmart: '3526906', kiwify: '0b9e5a10-7f6d-11f0-9c2a-3d4e5f6a7b8c', eduzz: '2345678' } as const;

export type Gateway = 'hotmart' | 'kiwify' | 'eduzz' | 'generic';

/** Headers and query that authenticate `body` for the gateway (`secret`: the plan's token or generic key). */
export function signed(gateway: Gateway, body: string, secret: string, now = new Date()): { headers: Record<string, string>; query: string } {
  const json = { 'content-type': 'application/json' };
  if (gateway === 'hotmart') return { headers: { ...json, 'x-hotmart-hottok': secret }, query: '' };
  if (gateway === 'kiwify') return { headers: json, query: `?signature=${createHmac('sha1', secret).update(body).digest('hex')}` };
  if (gateway === 'eduzz') return { headers: { ...json, 'x-signature': createHmac('sha256', secret).update(body).digest('hex') }, query: '' };
  return { headers: { ...json, [SIGNATURE_HEADER]: sign(secret, body, now) }, query: '' };
}

export function webhookKit(server: TestServer, token: () => string) {
  async function post(planId: string, gateway: Gateway, body: string, auth: { headers: Record<string, string>; query: string }) {
    const response = await fetch(`${server.url}/api/access/webhooks/${planId}/${gateway}${auth.query}`, { method: 'POST', headers: auth.headers, body });
    return { status: response.status, body: await response.json() };
  }
  const secretOf = (plan: Plan, gateway: Gateway) => (gateway === 'generic' ? (plan.webhookSecret ?? '') : GATEWAY_TOKENS[gateway]);
  return {
    post,
    /** The fixture (file name without .json) delivered to the plan, signed with its token. */
    deliver(plan: Plan, gateway: Gateway, fixture: string) {
      const body = fixtureText(`${fixture}.json`);
      return post(plan.id, gateway, body, signed(gateway, body, secretOf(plan, gateway)));
    },
    deliverBody(plan: Plan, gateway: Gateway, body: string, now?: Date) {
      return post(plan.id, gateway, body, signed(gateway, body, secretOf(plan, gateway), now));
    },
    async members(planId: string) {
      const response = await server.api(`/api/access/plans/${planId}/members`, { token: token() });
      return accessMemberListResponseSchema.parse(await response.json()).data.members;
    },
    async log(query = '') {
      const response = await server.api(`/api/access/webhooks${query}`, { token: token() });
      return webhookLogResponseSchema.parse(await response.json()).data;
    },
    async plan(planId: string) {
      return planResponseSchema.parse(await (await server.api(`/api/access/plans/${planId}`, { token: token() })).json()).data.plan;
    },
  };
}
