/**
 * The tenant-isolation matrix, generated from the app's route table and the sync mutation registry: user B calls
 * every route with user A's ids (in the path, and in bodies and queries where ids go) and pushes every mutation
 * aimed at A's rows. Each answer must be the one an id nobody holds gets (404 NOT_FOUND for an id in the path),
 * contain nothing of A's, and leave every row A owns unchanged. A new route or mutation without a fixture fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { MUTATION_NAMES } from '@shared/sync/mutations.ts';
import { pushResponseSchema } from '@shared/sync/protocol.ts';
import { appRoutes, unknownParams, type AppRoute } from '../test-support/app-routes.ts';
import { MUTATION_FIXTURES } from '../test-support/mutation-fixtures.ts';
import { ownedRows, ownershipConditions, rowDifferences } from '../test-support/owned-rows.ts';
import { missingFixtures, ROUTE_FIXTURES, type CrossTenantRequest } from '../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../test-support/start-test-server.ts';
import { phantomOf, probe, refusal, secretsOf, type ProbeRequest } from '../test-support/tenant-probe.ts';
import { registerUser } from '../test-support/fixtures.ts';
import { tenantWithEverything, type Tenant } from '../test-support/tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../test-support/telegram.ts';

const routes = appRoutes();
const NOT_FOUND = { status: 404, code: 'NOT_FOUND', message: 'Recurso não encontrado' };

let bed: TelegramTestbed;
let alice: Tenant;
let bob: Tenant;
let conditions: Map<string, string>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  alice = await tenantWithEverything(bed, `Alfa${crypto.randomUUID().slice(0, 6)}`);
  bob = await tenantWithEverything(bed, `Beta${crypto.randomUUID().slice(0, 6)}`);
  conditions = await ownershipConditions(bed.server.db.sql);
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const aliceRows = () => ownedRows(bed.server.db.sql, conditions, alice.userId);

/** Runs `act`, then fails naming `what` if any row Alice owns changed. */
async function leavesAliceUntouched<T>(what: string, act: () => Promise<T>): Promise<T> {
  const before = await aliceRows();
  const result = await act();
  const differences = rowDifferences(before, await aliceRows());
  if (differences.length > 0) throw new Error(`${what} changed Alice's rows:\n${differences.join('\n')}`);
  return result;
}

function expectNoSecrets(what: string, text: string) {
  const leaked = secretsOf(alice).filter((secret) => text.includes(secret));
  if (leaked.length > 0) throw new Error(`${what} revealed Alice's ${leaked.join(', ')}: ${text.slice(0, 500)}`);
}

/** Each request Bob makes against a route: the path attack when it has params, then the fixture's own. */
function attacks(route: AppRoute, victim: Tenant): CrossTenantRequest[] {
  const fixture = ROUTE_FIXTURES[route.key] ?? {};
  const own = { body: fixture.body?.valid(bob), query: fixture.query?.valid(bob) };
  const list: CrossTenantRequest[] = [];
  if (route.params.length > 0) list.push({ label: "Alice's ids in the path", ...own });
  list.push(...(fixture.crossTenant?.(victim, bob) ?? []));
  if (list.length === 0) list.push({ label: "Bob's own request", ...own });
  return list;
}

describe('tenant isolation matrix', () => {
  test('every route, path param and sync mutation has a fixture', () => {
    const missing = [
      ...missingFixtures(routes.map((route) => route.key)),
      ...unknownParams(routes),
      ...MUTATION_NAMES.filter((name) => !MUTATION_FIXTURES[name]).map((name) => `${name}: no fixture — add a line to MUTATION_FIXTURES`),
    ];
    expect(missing).toEqual([]);
  });

  const covered = routes.filter((route) => !ROUTE_FIXTURES[route.key]?.public && !ROUTE_FIXTURES[route.key]?.viaMutations);
  test.each(covered.map((route) => [route.key, route] as const))('%s gives Bob nothing of Alice', async (_key, route) => {
    const count = attacks(route, alice).length;
    for (let index = 0; index < count; index += 1) {
      const attack = attacks(route, alice)[index];
      const twin = phantomOf(alice, attack?.takenId ? 'malformed' : 'absent');
      const reference = attacks(route, twin)[index];
      if (!attack || !reference) throw new Error('fixtures must build the same requests for any victim');
      const what = `${route.key} (${attack.label})`;
      const answer = await leavesAliceUntouched(what, async () => probe(bed.server, route, alice, attack, await callerToken(route)));
      expectNoSecrets(what, answer.text);
      expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500);
      const expected = await probe(bed.server, route, twin, reference satisfies ProbeRequest, await callerToken(route));
      if (route.params.length > 0 && index === 0) expect(refusal(answer), what).toEqual(NOT_FOUND);
      if (answer.status >= 400 || expected.status >= 400) expect(refusal(answer), `${what}, compared with an id nobody holds`).toEqual(refusal(expected));
      else expect(answer.status, what).toBe(expected.status);
    }
  }, 30_000); // a route may hash passwords (argon2id) or register a throwaway account

  test.each(MUTATION_NAMES.map((name) => [name]))('sync mutation %s aimed at Alice is refused as for an id nobody holds', async (name) => {
    const fixture = MUTATION_FIXTURES[name];
    const variants = fixture.crossTenant(alice, bob);
    for (const [index, variant] of variants.entries()) {
      const takenId = variant.takenId === true;
      const reference = fixture.crossTenant(phantomOf(alice, takenId ? 'malformed' : 'absent'), bob)[index];
      const what = `${name} (${variant.label})`;
      const result = await leavesAliceUntouched(what, () => pushOne(name, variant.args));
      const expected = await pushOne(name, reference?.args);
      expectNoSecrets(what, JSON.stringify(result));
      if (!variant.likeUnknownId) expect(result.status, `${what}: ${JSON.stringify(result)}`).toBe('failed');
      if (!takenId && !variant.likeUnknownId) expect(result.code, what).toBe('NOT_FOUND');
      const outcome = { status: result.status, code: result.code, message: result.message };
      expect(outcome, `${what}, compared with an id nobody holds`).toEqual({ status: expected.status, code: expected.code, message: expected.message });
    }
  });
});

/** Bob's token, or a throwaway account's for a route that would sign Bob out of every session. */
async function callerToken(route: AppRoute): Promise<string> {
  return ROUTE_FIXTURES[route.key]?.endsSessions ? (await registerUser(bed.server, 'Descartável')).tokens.accessToken : bob.token;
}

async function pushOne(name: string, args: unknown) {
  const mutation = { clientId: crypto.randomUUID(), mutationId: 1, name, args, createdAt: new Date().toISOString() };
  const response = await bed.server.api('/api/sync/push', { token: bob.token, json: { mutations: [mutation] } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`push ${name} answered ${response.status}: ${text}`);
  const [result] = pushResponseSchema.parse(JSON.parse(text)).data.results;
  if (!result) throw new Error(`push ${name} answered no result`);
  return result;
}
