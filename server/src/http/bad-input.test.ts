/**
 * The bad-input corpus, generated from the app's route table, the route fixtures' valid samples and the shared zod
 * schemas (fast-check, seeded): every route and every sync mutation gets damaged bodies, queries and path ids,
 * plus malformed JSON and wrong content types. No answer may be a 5xx, every refusal is the failure envelope in
 * pt-BR, and the server is still healthy afterwards. FUZZ_SEED replays a run; FUZZ_RUNS raises the cases per target.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import fc from 'fast-check';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { MUTATION_NAMES, mutationArgsSchemas, type MutationName } from '@shared/sync/mutations.ts';
import { pushResponseSchema } from '@shared/sync/protocol.ts';
import { appRoutes, paramResource, pathFor, type AppRoute } from '../test-support/app-routes.ts';
import { bodyCases, fieldSweep, hostileSegment, nested, querySweep, queryCases } from '../test-support/bad-input.ts';
import { MUTATION_FIXTURES } from '../test-support/mutation-fixtures.ts';
import { ROUTE_FIXTURES } from '../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../test-support/start-test-server.ts';
import { tenantWithEverything, type Tenant } from '../test-support/tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from '../test-support/telegram.ts';
import { answerText } from '../test-support/answer-text.ts';

// Forty cases per route; registration's cases each wait for a password hash (argon2id, one bounded queue): a loaded
// machine needs more than the default to finish them, which says nothing about the answers checked.
setDefaultTimeout(60_000);

const SEED = Number(process.env.FUZZ_SEED || Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS || 40);
const REPLAY = `replay with FUZZ_SEED=${SEED}`;

let bed: TelegramTestbed;
let owner: Tenant;
beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await tenantWithEverything(bed, `Fuzz${crypto.randomUUID().slice(0, 6)}`);
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

/** Words of zod's and Elysia's English texts; a pt-BR message has none before any quoted input (after a colon). */
const ENGLISH = /\b(the|is|are|must|should|expected|received|required|invalid|string|number|boolean|object|array|undefined|too|small|big|greater|less|than|characters|unexpected|input|error|failed|found|unrecognized|property|type)\b/i;
const isPortuguese = (message: string) => message.trim() !== '' && !ENGLISH.test(message.split(':')[0] ?? '');

type Shot = { label: string; method: string; path: string; headers?: Record<string, string>; body?: BodyInit };
type Problem = { label: string; status: number; text: string };

async function fire(shot: Shot): Promise<Problem | undefined> {
  const response = await bed.server.api(shot.path, { method: shot.method, token: owner.token, headers: shot.headers, ...(shot.body === undefined ? {} : { body: shot.body }) });
  const text = await answerText(response);
  const problem = (why: string) => ({ label: `${shot.label}: ${why}`, status: response.status, text: text.slice(0, 300) });
  if (response.status >= 500) return problem('5xx');
  // Bun's HTTP server refuses a request line over its header limit (here a 100 KB query) before the app runs.
  if (response.status === 431 && text === '') return undefined;
  if (response.status < 400) return shot.path === '/api/sync/push' ? pushProblems(text, problem) : undefined;
  let envelope;
  try {
    envelope = failureEnvelopeSchema.parse(JSON.parse(text));
  } catch {
    return problem('not the failure envelope');
  }
  const english = [envelope.message, ...Object.values(envelope.details ?? {})].find((message) => !isPortuguese(message));
  return english === undefined ? undefined : problem(`not pt-BR: ${english}`);
}

/** A push answers 200 with one fate per mutation: an unexpected error hides as a refusal with INTERNAL_ERROR. */
function pushProblems(text: string, problem: (why: string) => Problem): Problem | undefined {
  const results = pushResponseSchema.parse(JSON.parse(text)).data.results;
  const bad = results.find((result) => result.code === 'INTERNAL_ERROR' || (result.message !== undefined && !isPortuguese(result.message)));
  return bad ? problem(`mutation refused as ${bad.code}: ${bad.message}`) : undefined;
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Fixed cases for a route that takes a body: broken JSON, wrong content types, odd top-level values. */
function rawShots(method: string, path: string): Shot[] {
  const raw = (label: string, body: BodyInit, contentType?: string): Shot => ({ label, method, path, body, ...(contentType ? { headers: { 'content-type': contentType } } : {}) });
  const form = new FormData();
  form.append('campo', 'valor');
  return [
    raw('malformed JSON', '{"name": "a",', 'application/json'),
    raw('NaN literal', '{"value": NaN}', 'application/json'),
    raw('empty JSON body', '', 'application/json'),
    raw('invalid UTF-8 in JSON', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'),
    raw('JSON as UTF-16', '{"a":1}', 'application/json; charset=utf-16'),
    raw('plain text', 'abc', 'text/plain'),
    raw('form urlencoded', 'a=1&b=%00', 'application/x-www-form-urlencoded'),
    raw('multipart', form),
    raw('XML', '<a>1</a>', 'application/xml'),
    raw('unknown type', '\u0000\u0001', 'application/x-nada'),
    raw('JSON without a content type', '{"a":1}'),
    raw('100 000 nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'),
    ...[null, [], 'texto', 1e308, nested(1000, 'object')].map((value) => ({ label: `body ${JSON.stringify(value)?.slice(0, 20)}`, method, path, ...json(value) })),
  ];
}

function shotsFor(route: AppRoute): fc.Arbitrary<Shot> {
  const fixture = ROUTE_FIXTURES[route.key] ?? {};
  const path = pathFor(route, owner);
  const query = fixture.query?.valid(owner) ?? {};
  const search = (pairs: [string, string][]) => (pairs.length > 0 ? `?${new URLSearchParams(pairs)}` : '');
  const sample = fixture.body?.valid(owner);
  const arbitraries: fc.Arbitrary<Shot>[] = [
    queryCases(query).map((c) => ({ label: `query ${c.label}`, method: route.method, path: `${path}${search(c.query)}`, ...(sample === undefined || route.method === 'GET' ? {} : json(sample)) })),
  ];
  if (route.method !== 'GET') {
    arbitraries.push(bodyCases(sample ?? {}, fixture.body?.schema).map((c) => ({ label: `body ${c.label}`, method: route.method, path: `${path}${search(Object.entries(query))}`, ...json(c.body) })));
  }
  if (route.params.length > 0) {
    arbitraries.push(
      fc.tuple(fc.constantFrom(...route.params), hostileSegment).map(([param, segment]) => ({
        label: `:${param} = ${segment.slice(0, 40)}`,
        method: route.method,
        path: `${pathFor(route, owner).replace(encodeURIComponent(owner[paramResource(route, param) ?? 'userId']), segment)}${search(Object.entries(query))}`,
        ...(sample === undefined || route.method === 'GET' ? {} : json(sample)),
      })),
    );
  }
  return fc.oneof(...arbitraries);
}

function mutationShots(name: MutationName): fc.Arbitrary<Shot> {
  return bodyCases(MUTATION_FIXTURES[name].valid(owner), mutationArgsSchemas[name]).map((c) => ({
    label: `${name} args ${c.label}`,
    method: 'POST',
    path: '/api/sync/push',
    ...pushBody(name, c.body),
  }));
}

/** The deterministic part: raw bodies, then every field of the valid sample and every query parameter swept. */
function sweptShots(route: AppRoute): Shot[] {
  const fixture = ROUTE_FIXTURES[route.key] ?? {};
  const path = pathFor(route, owner);
  const query = fixture.query?.valid(owner) ?? {};
  const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const sample = fixture.body?.valid(owner);
  const body = sample === undefined || route.method === 'GET' ? {} : json(sample);
  return [
    ...(route.method === 'GET' ? [] : rawShots(route.method, `${path}${search}`)),
    ...(sample === undefined || route.method === 'GET' ? [] : fieldSweep(sample).map((c) => ({ label: `body ${c.label}`, method: route.method, path: `${path}${search}`, ...json(c.body) }))),
    ...querySweep(query).map((c) => ({ label: c.label, method: route.method, path: `${path}${c.search}`, ...body })),
  ];
}

const sweptMutations = (name: MutationName): Shot[] =>
  fieldSweep(MUTATION_FIXTURES[name].valid(owner)).map((c) => ({ label: `${name} args ${c.label}`, method: 'POST', path: '/api/sync/push', ...pushBody(name, c.body) }));

const pushBody = (name: string, args: unknown) => json({ mutations: [{ clientId: crypto.randomUUID(), mutationId: 1, name, args, createdAt: new Date().toISOString() }] });

/** Runs the fixed shots and RUNS generated ones; fails listing every distinct problem with the seed to replay. */
async function survive(target: string, generated: fc.Arbitrary<Shot>, fixed: Shot[] = []) {
  const shots = [...fixed, ...fc.sample(generated, { seed: SEED, numRuns: RUNS })];
  const problems = new Map<string, Problem>();
  for (const shot of shots) {
    const problem = await fire(shot);
    if (problem) problems.set(`${problem.status} ${problem.label.split(' = ')[0]}`, problem);
  }
  const list = [...problems.values()].slice(0, 12).map((p) => `  ${p.status} ${p.label.slice(0, 160)}\n      ${p.text.slice(0, 200)}`);
  if (list.length > 0) throw new Error(`${target}: ${problems.size} distinct problems in ${shots.length} cases (${REPLAY}):\n${list.join('\n')}`);
}

/**
 * Deletions last (bots at the very end): a valid-looking case may really delete the fuzzing user's resources. Signing
 * out every session comes after everything: from its first valid case on, the fuzzing user's token is refused.
 */
const rank = (key: string) => (/account\/sign-out/.test(key) ? 4 : /DELETE .*bots|bot\.delete|auth\/logout/.test(key) ? 3 : /DELETE .*\/flows\/:id$|flow\.delete/.test(key) ? 2 : /DELETE|\.delete/.test(key) ? 1 : 0);
const routes = appRoutes();
const targets = [
  ...routes.map((route) => ({ key: route.key, run: () => survive(route.key, shotsFor(route), sweptShots(route)) })),
  ...MUTATION_NAMES.map((name) => ({ key: `sync mutation ${name}`, run: () => survive(name, mutationShots(name), sweptMutations(name)) })),
].sort((a, b) => rank(a.key) - rank(b.key));

describe(`bad input (seed ${SEED}, ${RUNS} generated cases per target)`, () => {
  test.each(targets.map((target) => [target.key, target] as const))('%s: no 5xx, every refusal a pt-BR envelope', async (key, target) => {
    if (!ROUTE_FIXTURES[key] && !key.startsWith('sync mutation')) throw new Error(`${key}: no fixture — add a line to ROUTE_FIXTURES (test-support/route-fixtures.ts)`);
    await target.run();
  }, 60_000);

  test('the server is still healthy afterwards', async () => {
    const response = await bed.server.api('/api/health');
    expect(response.status).toBe(200);
  });
});
