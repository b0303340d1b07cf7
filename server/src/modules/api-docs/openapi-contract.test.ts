/**
 * The contract test: every documented operation is called on a seeded server (one tenant holding one resource of
 * every kind, its ids in the paths, the route fixtures' valid bodies and queries) and each answer must be one the
 * OpenAPI document declares: the documented success status with a body the documented answer schema accepts, or a
 * documented error status carrying one of the codes listed for it. Every read (GET) must succeed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { pathFor, type AppRoute } from '../../test-support/app-routes.ts';
import { ROUTE_FIXTURES } from '../../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { openApiPath } from './operation.ts';
import { ROUTE_TABLE, type TableRoute } from './route-table/index.ts';

const document = buildOpenApiDocument();

/** Would end the session every later call uses: their answers are covered by their own module tests. */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'POST /api/account/sign-out-everywhere']);
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };
/** Removals whose resource another removal takes along: the parts first, then the whole, the bot (and its trash) last. */
const LAST_REMOVALS = ['DELETE /api/flows/nodes/:id', 'DELETE /api/flows/:id', 'DELETE /api/contacts/:id', 'DELETE /api/bots/:id', 'DELETE /api/bots/trash/:id'];
const rank = (route: TableRoute) => (ORDER[route.method] ?? 1) * 100 + LAST_REMOVALS.indexOf(route.key) + 1;

const operations = ROUTE_TABLE.filter((route) => !route.hidden && !ENDS_SESSION.has(route.key) && !ROUTE_FIXTURES[route.key]?.endsSessions)
  .toSorted((a, b) => rank(a) - rank(b));

const genericAnswer = z.object({ success: z.literal(true), data: z.unknown() });
const failure = z.object({ success: z.literal(false), code: z.string(), message: z.string().min(1) });

const responsesOf = (route: TableRoute): Record<string, unknown> =>
  Object(Reflect.get(Object(Reflect.get(Object(document.paths[openApiPath(route.path)]), route.method.toLowerCase())), 'responses'));

/** The codes the document lists for a status of an operation (the keys of its examples). */
const documentedCodes = (route: TableRoute, status: number): string[] =>
  Object.keys(Object(Reflect.get(Object(Reflect.get(Object(Reflect.get(Object(responsesOf(route)[String(status)]), 'content')), 'application/json')), 'examples')));

let bed: TelegramTestbed;
let own: Tenant;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  own = await tenantWithEverything(bed, `Contrato${crypto.randomUUID().slice(0, 6)}`);
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

async function call(route: TableRoute) {
  const fixture = ROUTE_FIXTURES[route.key] ?? {};
  const appRoute: AppRoute = { ...route, params: [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '') };
  const query = fixture.query ? `?${new URLSearchParams(fixture.query.valid(own))}` : '';
  const path = `${openApiPath(pathFor(appRoute, own))}${query}`;
  const body = fixture.body?.valid(own);
  return bed.server.api(path, { method: route.method, token: own.token, ...(body === undefined ? {} : { json: body }) });
}

/** What is wrong with an answer, by the document; undefined when the document declares it. */
async function undocumented(route: TableRoute, response: Response): Promise<string | undefined> {
  const success = route.status ?? 200;
  const type = response.headers.get('content-type') ?? '';
  if (response.status === success) {
    if (success === 204) return undefined;
    if (route.media === 'text/csv' || route.media === 'application/javascript' || route.media === 'text/event-stream') {
      await response.body?.cancel();
      return type.includes(route.media) ? undefined : `content-type ${type}`;
    }
    if (route.media === 'application/octet-stream') return undefined;
    if (route.key === 'GET /api/openapi.json') return Reflect.get(Object(await response.json()), 'openapi') === document.openapi ? undefined : 'not the document';
    const parsed = (route.answer ?? genericAnswer).safeParse(await response.json());
    return parsed.success ? undefined : `answer off its schema: ${z.prettifyError(parsed.error).slice(0, 600)}`;
  }
  const text = await response.text();
  const envelope = failure.safeParse(JSON.parse(text || 'null'));
  if (!envelope.success) return `${response.status} without the failure envelope: ${text.slice(0, 200)}`;
  if (!documentedCodes(route, response.status).includes(envelope.data.code)) return `${response.status} ${envelope.data.code} is not documented (${envelope.data.message})`;
  if (route.method === 'GET') return `a read failed: ${response.status} ${envelope.data.code} ${envelope.data.message}`;
  return undefined;
}

describe('every documented operation answers as the OpenAPI document says', () => {
  test('the seeded server covers every documented operation', () => {
    expect(operations.length).toBeGreaterThan(120);
  });

  test.each(operations.map((route) => [route.key, route] as const))('%s', async (_key, route) => {
    const response = await call(route);
    expect(await undocumented(route, response)).toBeUndefined();
  });
});
