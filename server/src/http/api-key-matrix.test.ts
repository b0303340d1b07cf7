/**
 * The API-key dimension of the safety net, generated from the app's route table and the scope map (route-areas.ts):
 * every signed-in route is called with keys of the owner's workspace. A route keys never reach (sync, auth, account,
 * members, the keys themselves, web push) refuses even a `*:write` key with 403 API_KEY_ROUTE_CLOSED; on any other,
 * a key without the route's scope gets 403 API_KEY_SCOPE_MISSING (a read-only key on a write too), and a key with it
 * is never refused as unauthenticated or forbidden. Writes aim at ids nobody holds, so nothing of the scene changes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { API_KEY_AREAS, createdApiKeyResponseSchema, type ApiKeyArea, type ApiKeyScope } from '@shared/api-keys/schemas.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { appRoutes, type AppRoute } from '../test-support/app-routes.ts';
import { ROUTE_FIXTURES } from '../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../test-support/start-test-server.ts';
import { phantomOf, probe } from '../test-support/tenant-probe.ts';
import { tenantWithEverything, type Tenant } from '../test-support/tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../test-support/telegram.ts';
import { apiKeyScopeOf } from './route-areas.ts';

let bed: TelegramTestbed;
let owner: Tenant;
const keys = new Map<string, string>();

async function createKey(name: string, scopes: ApiKeyScope[]) {
  const response = await bed.server.api('/api/api-keys', { token: owner.token, json: { name, scopes } });
  if (response.status !== 201) throw new Error(`api key: ${response.status} ${await response.text()}`);
  keys.set(name, createdApiKeyResponseSchema.parse(await response.json()).data.key);
}

const others = (area: ApiKeyArea): ApiKeyScope[] => API_KEY_AREAS.filter((other) => other !== area).map((other) => `${other}:write` as const);

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Chaves${crypto.randomUUID().slice(0, 6)}`);
  await createKey('tudo', ['*:write']);
  await createKey('leituras', ['*:read']);
  for (const area of API_KEY_AREAS) {
    await createKey(`${area}:read`, [`${area}:read`]);
    await createKey(`${area}:write`, [`${area}:write`]);
    await createKey(`sem ${area}`, others(area));
  }
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const signedIn = appRoutes().filter((route) => !ROUTE_FIXTURES[route.key]?.public);

/** The route called with a key: reads on the owner's own ids, writes on ids nobody holds (nothing changes). */
function call(route: AppRoute, key: string) {
  const fixture = ROUTE_FIXTURES[route.key] ?? {};
  const write = route.method !== 'GET' && route.method !== 'HEAD';
  const request = { body: fixture.body?.valid(owner), query: fixture.query?.valid(owner) };
  return probe(bed.server, route, write ? phantomOf(owner, 'absent') : owner, request, key);
}

const refusal = (code: 'API_KEY_ROUTE_CLOSED' | 'API_KEY_SCOPE_MISSING') => ({ status: 403, code, message: ERROR_MESSAGES[code] });

describe('API key scope matrix', () => {
  test('the routes keys never reach include sync, auth, account, members, the keys themselves', () => {
    const closed = signedIn.filter((route) => !apiKeyScopeOf(route.method, route.path)).map((route) => route.path);
    for (const prefix of ['/api/sync/', '/api/auth/', '/api/account/', '/api/team/', '/api/api-keys/']) {
      expect(closed.some((path) => path.startsWith(prefix)), prefix).toBe(true);
    }
    expect(signedIn.filter((route) => /^\/api\/(sync|auth|account|team|api-keys|push)\//.test(`${route.path}/`) && apiKeyScopeOf(route.method, route.path))).toEqual([]);
  });

  test.each(signedIn.map((route) => [route.key, route] as const))('%s follows the key scopes', async (_key, route) => {
    const needed = apiKeyScopeOf(route.method, route.path);
    if (!needed) {
      const answer = await call(route, keys.get('tudo') ?? '');
      expect({ status: answer.status, code: answer.code, message: answer.message }, answer.text).toEqual(refusal('API_KEY_ROUTE_CLOSED'));
      return;
    }
    const without = await call(route, keys.get(`sem ${needed.area}`) ?? '');
    expect({ status: without.status, code: without.code, message: without.message }, without.text).toEqual(refusal('API_KEY_SCOPE_MISSING'));
    if (needed.write) {
      const readOnly = await call(route, keys.get(`${needed.area}:read`) ?? '');
      expect({ status: readOnly.status, code: readOnly.code }, readOnly.text).toEqual({ status: 403, code: 'API_KEY_SCOPE_MISSING' });
    }
    const granted = await call(route, keys.get(`${needed.area}:${needed.write ? 'write' : 'read'}`) ?? '');
    expect([401, 403], `${granted.status} ${granted.text}`).not.toContain(granted.status);
    if (!needed.write) {
      const everything = await call(route, keys.get('leituras') ?? '');
      expect([401, 403], everything.text).not.toContain(everything.status);
    }
  });
});
