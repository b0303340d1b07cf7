/**
 * The role dimension of the safety net, generated from the app's route table, the sync mutation registry and the
 * shared role matrix (shared/team/permissions.ts): an agent and an admin of the owner's workspace call every
 * signed-in route with the owner's ids, and push every mutation. A route or mutation outside the role's areas must
 * be refused with 403 ROLE_FORBIDDEN before it runs; one inside must never be (reads only: writes the role may make
 * are the feature tests' business). A new route is covered the day it is added, under whatever prefix.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { MUTATION_NAMES } from '@shared/sync/mutations.ts';
import { pushResponseSchema } from '@shared/sync/protocol.ts';
import { can, canMutate, type Role } from '@shared/team/permissions.ts';
import { appRoutes } from '../test-support/app-routes.ts';
import { ROUTE_FIXTURES } from '../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../test-support/start-test-server.ts';
import { probe } from '../test-support/tenant-probe.ts';
import { tenantWithEverything, type Tenant } from '../test-support/tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../test-support/telegram.ts';
import { areaOfRequest } from './route-areas.ts';
import { joinedMember } from '../test-support/team-member.ts';

let bed: TelegramTestbed;
let owner: Tenant;
const tokens = new Map<Role, string>();

async function join(role: Role) {
  return (await joinedMember(bed.server, owner.token, role, `Papel ${role}`)).token;
}

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Papeis${crypto.randomUUID().slice(0, 6)}`);
  tokens.set('agent', await join('agent'));
  tokens.set('admin', await join('admin'));
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const signedIn = appRoutes().filter((route) => !ROUTE_FIXTURES[route.key]?.public);

/**
 * Routes whose area is a promise of its own (docs/security.md#second-pass), held here apart from the matrix they
 * are read from: the person's own account and leaving a workspace are every role's; the audit log owners' and
 * admins'; renaming and deleting the workspace its owners'; the workspace's export its owners'; a contact's data on
 * request owners' and admins'; outgoing webhooks (their signing secrets) owners' and admins'; the contacts CSV and imports every role's (who works the contacts); the bot trash the bots area's; quick replies every role's to read, owners' and admins'
 * to write; a conversation's notes, assignment and the assignable members every role's; paid access owners' and
 * admins'; API keys owners' and admins'.
 */
const PROMISED: ReadonlyArray<readonly [string, { agent: boolean; admin: boolean }]> = [
  ['POST /api/account/password', { agent: true, admin: true }],
  ['POST /api/account/sign-out-everywhere', { agent: true, admin: true }],
  ['GET /api/account/deletion-impact', { agent: true, admin: true }],
  ['DELETE /api/account/', { agent: true, admin: true }],
  ['GET /api/account/export', { agent: false, admin: false }],
  ['GET /api/contacts/:id/export', { agent: false, admin: true }],
  ['GET /api/contacts/export.csv', { agent: true, admin: true }],
  ['POST /api/contacts/imports', { agent: true, admin: true }],
  ['GET /api/contacts/imports/:id', { agent: true, admin: true }],
  ['POST /api/contacts/imports/:id/start', { agent: true, admin: true }],
  ['DELETE /api/contacts/:id/data', { agent: false, admin: true }],
  ['GET /api/bots/trash', { agent: false, admin: true }],
  ['POST /api/bots/trash/:id/restore', { agent: false, admin: true }],
  ['DELETE /api/bots/trash/:id', { agent: false, admin: true }],
  ['GET /api/bots/:id/deletion-impact', { agent: false, admin: true }],
  ['GET /api/quick-replies/', { agent: true, admin: true }],
  ['POST /api/quick-replies/', { agent: false, admin: true }],
  ['PATCH /api/quick-replies/:id', { agent: false, admin: true }],
  ['DELETE /api/quick-replies/:id', { agent: false, admin: true }],
  ['POST /api/messages/contact/:id/notes', { agent: true, admin: true }],
  ['PATCH /api/messages/conversations/:id', { agent: true, admin: true }],
  ['GET /api/messages/assignees', { agent: true, admin: true }],
  ['GET /api/team/members', { agent: false, admin: true }],
  ['DELETE /api/team/members/:userId', { agent: false, admin: true }],
  ['GET /api/team/audit', { agent: false, admin: true }],
  ['PATCH /api/team/workspace', { agent: false, admin: false }],
  ['GET /api/team/workspace/deletion-impact', { agent: false, admin: false }],
  ['DELETE /api/team/workspace', { agent: false, admin: false }],
  ['POST /api/team/leave', { agent: true, admin: true }],
  ['GET /api/dashboard/members', { agent: false, admin: true }],
  ['GET /api/access/plans/', { agent: false, admin: true }],
  ['POST /api/access/plans/', { agent: false, admin: true }],
  ['GET /api/access/members/', { agent: false, admin: true }],
  ['POST /api/access/members/:id/revoke', { agent: false, admin: true }],
  ['POST /api/access/members/:id/refund', { agent: false, admin: true }],
  ['GET /api/access/webhooks', { agent: false, admin: true }],
  ['POST /api/access/webhooks/:id/reprocess', { agent: false, admin: true }],
  ['POST /api/access/plans/:id/test-purchase', { agent: false, admin: true }],
  ['GET /api/access/gate/:channelId', { agent: false, admin: true }],
  ['PUT /api/access/gate/:channelId', { agent: false, admin: true }],
  ['GET /api/access/gate/:channelId/decisions', { agent: false, admin: true }],
  ['GET /api/access/revenue', { agent: false, admin: true }],
  ['GET /api/access/plans/:id/unpaid', { agent: false, admin: true }],
  ['POST /api/access/plans/:id/remove-unpaid', { agent: false, admin: true }],
  ['GET /api/api-keys/', { agent: false, admin: true }],
  ['POST /api/api-keys/', { agent: false, admin: true }],
  ['DELETE /api/api-keys/:id', { agent: false, admin: true }],
  ['GET /api/webhooks/', { agent: false, admin: true }],
  ['POST /api/webhooks/', { agent: false, admin: true }],
  ['GET /api/webhooks/:id', { agent: false, admin: true }],
  ['GET /api/webhooks/:id/deliveries', { agent: false, admin: true }],
  ['POST /api/webhooks/:id/deliveries/:deliveryId/redeliver', { agent: false, admin: true }],
];
const cases = (['agent', 'admin'] as const).flatMap((role) => signedIn.map((route) => [`${role} ${route.key}`, role, route] as const));

describe('role matrix', () => {
  test.each(PROMISED)('%s is open to the roles promised', (key, expected) => {
    const route = signedIn.find((candidate) => candidate.key === key);
    expect(route, key).toBeDefined();
    const [method, path] = [route?.method ?? '', route?.path ?? ''];
    expect({ agent: can('agent', areaOfRequest(method, path)), admin: can('admin', areaOfRequest(method, path)) }).toEqual(expected);
  });

  test('the password reset is public', () => {
    const reset = appRoutes().filter((route) => route.path.startsWith('/api/auth/password-reset'));
    expect(reset.length).toBeGreaterThan(0);
    for (const route of reset) expect(ROUTE_FIXTURES[route.key]?.public, route.key).toBeDefined();
  });

  test.each(cases)('%s follows the role matrix', async (_label, role, route) => {
    const allowed = can(role, areaOfRequest(route.method, route.path));
    if (allowed && route.method !== 'GET') return;
    const fixture = ROUTE_FIXTURES[route.key] ?? {};
    const request = { body: fixture.body?.valid(owner), query: fixture.query?.valid(owner) };
    const answer = await probe(bed.server, route, owner, request, tokens.get(role) ?? '');
    if (allowed) expect([answer.code, answer.status], answer.text).not.toEqual(['ROLE_FORBIDDEN', 403]);
    else expect({ status: answer.status, code: answer.code }, answer.text).toEqual({ status: 403, code: 'ROLE_FORBIDDEN' });
  });

  test.each(MUTATION_NAMES.flatMap((name) => (['agent', 'admin'] as const).map((role) => [`${role} ${name}`, role, name] as const)))(
    'sync mutation %s follows the role matrix',
    async (_label, role, name) => {
      const mutation = { clientId: crypto.randomUUID(), mutationId: 1, name, args: {}, createdAt: new Date().toISOString() };
      const response = await bed.server.api('/api/sync/push', { token: tokens.get(role) ?? '', json: { mutations: [mutation] } });
      const [result] = pushResponseSchema.parse(await response.json()).data.results;
      // Empty args: an allowed mutation is refused by validation, a forbidden one before it.
      expect(result?.code).toBe(canMutate(role, name) ? 'VALIDATION_FAILED' : 'ROLE_FORBIDDEN');
    },
  );
});
