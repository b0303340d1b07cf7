import { useDom } from '../test-support/setup-dom.ts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import { ApiError } from '../lib/api-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { emptyChanges, uuid } from './test-support/fixtures.ts';
import { classifyFailure, httpTransport } from './transport.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

type Call = { path: string; method: string; body: unknown; auth: string | null };
const calls: Call[] = [];
let respond: (path: string) => Response | Promise<Response> = () => new Response(null, { status: 500 });
let savedFetch: typeof fetch;
let installed: typeof fetch;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string) => json(status, { success: false, code, message: 'Falhou' });

beforeAll(() => {
  savedFetch = globalThis.fetch;
  const fake = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost/');
    const headers = new Headers(init?.headers);
    calls.push({ path: url.pathname + url.search, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined, auth: headers.get('Authorization') });
    return respond(url.pathname);
  };
  installed = Object.assign(fake, { preconnect: () => {} }) as typeof fetch;
  globalThis.fetch = installed;
});

afterAll(() => {
  // useDom's afterAll may already have restored Bun's fetch: never put happy-dom's (closed) one back over it.
  if (globalThis.fetch === installed) globalThis.fetch = savedFetch;
});

afterEach(() => {
  calls.length = 0;
  sessionStore().clear();
});

/** The error a transport call threw, classified; fails the test if it resolved. */
async function failureOf(call: () => Promise<unknown>) {
  const error = await call().then(
    () => {
      throw new Error('expected the transport call to fail');
    },
    (caught: unknown) => caught,
  );
  return { error, kind: classifyFailure(error) };
}

const envelope = (mutationId: number): MutationEnvelope => ({
  clientId: uuid(900),
  mutationId,
  name: 'bot.setActive',
  args: { botId: uuid(1), isActive: false },
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('classifyFailure', () => {
  test('no answer at all (status 0) is offline', () => {
    expect(classifyFailure(new ApiError(0, 'NETWORK_ERROR', 'Sem conexão'))).toBe('offline');
  });

  test('a 401 pauses, whether or not the refresh already ended the session', () => {
    expect(classifyFailure(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe('paused');
    expect(classifyFailure(new ApiError(401, 'UNAUTHORIZED', 'x', undefined, true))).toBe('paused');
  });

  test('a failure flagged as ending the session pauses even without a 401 status', () => {
    expect(classifyFailure(new ApiError(403, 'FORBIDDEN', 'x', undefined, true))).toBe('paused');
  });

  test('server errors, client errors, bad answers and non-API errors are retried', () => {
    for (const status of [400, 403, 404, 409, 500, 502, 503]) expect(classifyFailure(new ApiError(status, `HTTP_${status}`, 'x'))).toBe('retry');
    expect(classifyFailure(new ApiError(200, 'INVALID_RESPONSE', 'x'))).toBe('retry');
    expect(classifyFailure(new Error('A fila de alterações não avança'))).toBe('retry');
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyFailure(new DOMException('aborted', 'AbortError'))).toBe('retry');
    expect(classifyFailure(undefined)).toBe('retry');
    expect(classifyFailure('boom')).toBe('retry');
  });
});

describe('httpTransport through the app API client', () => {
  test('push posts the envelopes to /api/sync/push with the access token and answers the parsed result', async () => {
    sessionStore().setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    respond = () => json(200, { success: true, data: { lastMutationId: 2, results: [{ mutationId: 1, status: 'applied' }, { mutationId: 2, status: 'alreadyApplied' }] } });
    const result = await httpTransport.push([envelope(1), envelope(2)]);
    expect(result).toEqual({ lastMutationId: 2, results: [{ mutationId: 1, status: 'applied' }, { mutationId: 2, status: 'alreadyApplied' }] });
    expect(calls).toEqual([{ path: '/api/sync/push', method: 'POST', body: { mutations: [envelope(1), envelope(2)] }, auth: 'Bearer access-1' }]);
  });

  test('pull asks from the given cursor and answers the parsed page (reset defaults to false)', async () => {
    respond = () => json(200, { success: true, data: { cursor: 9, hasMore: false, changes: emptyChanges(), deleted: [] } });
    const page = await httpTransport.pull(7);
    expect(page).toEqual({ cursor: 9, hasMore: false, changes: emptyChanges(), deleted: [], reset: false });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/sync/pull?cursor=7']);
  });

  test('fetch rejecting (no network) is offline', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await failureOf(() => httpTransport.push([envelope(1)]))).kind).toBe('offline');
    expect((await failureOf(() => httpTransport.pull(0))).kind).toBe('offline');
  });

  test("removed from the workspace: every queued change is refused with the server's text, and the member moves to their own workspace", async () => {
    const user = { id: uuid(7), name: 'Ana', email: 'ana@exemplo.com', createdAt: '2026-01-01T00:00:00.000Z' };
    sessionStore().setAuth(user, { accessToken: 'access-1', refreshToken: 'refresh-1' });
    sessionStore().setWorkspace({ id: uuid(8), name: 'Equipe da Bia', role: 'agent' });
    const home = { id: user.id, name: 'Equipe de Ana', role: 'owner' as const };
    respond = (path) =>
      path === '/api/sync/push'
        ? json(403, { success: false, code: 'NOT_A_MEMBER', message: 'Você não faz mais parte desta equipe.' })
        : json(200, { success: true, data: { tokens: { accessToken: 'home-1', refreshToken: 'home-r' }, workspace: home } });
    const result = await httpTransport.push([envelope(1), envelope(2)]);
    const refused = { status: 'failed' as const, code: 'NOT_A_MEMBER', message: 'Você não faz mais parte desta equipe.' };
    expect(result.results).toEqual([{ mutationId: 1, ...refused }, { mutationId: 2, ...refused }]);
    // The move home runs after the answer: wait for it to settle.
    for (let tries = 0; tries < 200 && sessionStore().getState().workspace?.id !== user.id; tries += 1) await Bun.sleep(10);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/sync/push', 'POST /api/auth/workspace']);
    expect(calls[1]?.body).toEqual({ workspaceId: user.id });
    expect(sessionStore().getState().workspace).toEqual(home);
    expect(classifyFailure(new ApiError(403, 'NOT_A_MEMBER', 'x'))).toBe('paused');
  });

  test('a 401 with no refresh token to try pauses', async () => {
    respond = () => failure(401, 'UNAUTHORIZED');
    expect((await failureOf(() => httpTransport.push([envelope(1)]))).kind).toBe('paused');
  });

  test('a 401 whose refresh the server refuses ends the session and pauses', async () => {
    sessionStore().setTokens({ accessToken: 'old', refreshToken: 'revoked' });
    respond = () => failure(401, 'UNAUTHORIZED');
    const { error, kind } = await failureOf(() => httpTransport.push([envelope(1)]));
    expect(kind).toBe('paused');
    expect(error instanceof ApiError && error.sessionExpired).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/api/sync/push', '/api/auth/refresh']);
    expect(sessionStore().getTokens()).toBeNull();
  });

  test('a 401 whose refresh succeeds is retried with the new token and does not fail', async () => {
    sessionStore().setTokens({ accessToken: 'old', refreshToken: 'good' });
    let pushes = 0;
    respond = (path) => {
      if (path === '/api/auth/refresh') return json(200, { success: true, data: { tokens: { accessToken: 'new', refreshToken: 'good-2' } } });
      pushes += 1;
      return pushes === 1 ? failure(401, 'UNAUTHORIZED') : json(200, { success: true, data: { lastMutationId: 1, results: [{ mutationId: 1, status: 'applied' }] } });
    };
    expect((await httpTransport.push([envelope(1)])).lastMutationId).toBe(1);
    expect(calls.map((call) => `${call.path} ${call.auth ?? ''}`.trim())).toEqual(['/api/sync/push Bearer old', '/api/auth/refresh', '/api/sync/push Bearer new']);
  });

  test('a 401 whose refresh cannot reach the server is offline and keeps the session', async () => {
    sessionStore().setTokens({ accessToken: 'old', refreshToken: 'kept' });
    respond = (path) => (path === '/api/auth/refresh' ? Promise.reject(new TypeError('Failed to fetch')) : failure(401, 'UNAUTHORIZED'));
    expect((await failureOf(() => httpTransport.push([envelope(1)]))).kind).toBe('offline');
    expect(sessionStore().getTokens()).toEqual({ accessToken: 'old', refreshToken: 'kept' });
  });

  test('a 5xx or an answer that is not the sync contract is retried', async () => {
    respond = () => failure(503, 'UNAVAILABLE');
    expect((await failureOf(() => httpTransport.pull(0))).kind).toBe('retry');
    respond = () => new Response('<html>proxy</html>', { status: 502 });
    expect((await failureOf(() => httpTransport.pull(0))).kind).toBe('retry');
    respond = () => json(200, { success: true, data: { cursor: 'nope' } });
    expect((await failureOf(() => httpTransport.pull(0))).kind).toBe('retry');
  });
});
