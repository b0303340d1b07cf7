import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { z } from 'zod';
import { ApiError, createApiClient, SESSION_EXPIRED_MESSAGE } from './api-client.ts';
import { parsePersistedSession } from './session-schema.ts';
import { createSessionStore, STORAGE_KEYS } from './session-store.ts';

/**
 * The API client against a real local HTTP server that issues 401s the way the Canalize server does.
 * Storage comes from a happy-dom Window without registering it globally, so Bun's own fetch/Response stay intact.
 */
type ServerState = {
  validAccess: Set<string>;
  validRefresh: Set<string>;
  refreshCalls: number;
  calls: Record<string, number>;
  refreshDelayMs: number;
  alwaysUnauthorized: boolean;
};

const state: ServerState = {
  validAccess: new Set(),
  validRefresh: new Set(),
  refreshCalls: 0,
  calls: {},
  refreshDelayMs: 0,
  alwaysUnauthorized: false,
};

const json = (status: number, body: unknown) => Response.json(body, { status });
const unauthorized = () => json(401, { success: false, code: 'TOKEN_EXPIRED', message: 'Sessão expirada' });

const server = Bun.serve({
  port: 0,
  async fetch(request) {
    const { pathname } = new URL(request.url);
    state.calls[pathname] = (state.calls[pathname] ?? 0) + 1;
    if (pathname === '/api/auth/refresh') {
      state.refreshCalls++;
      await Bun.sleep(state.refreshDelayMs);
      const { refreshToken } = (await request.json()) as { refreshToken: string };
      if (!state.validRefresh.delete(refreshToken)) {
        return json(401, { success: false, code: 'INVALID_REFRESH_TOKEN', message: 'Sessão inválida. Faça login novamente.' });
      }
      const tokens = { accessToken: `access-${state.refreshCalls}`, refreshToken: `refresh-${state.refreshCalls}` };
      state.validAccess.add(tokens.accessToken);
      state.validRefresh.add(tokens.refreshToken);
      return json(200, { success: true, data: { tokens } });
    }
    if (pathname === '/api/auth/login') {
      return json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Email ou senha inválidos' });
    }
    if (pathname === '/api/broken') return new Response('<html>oops</html>', { status: 502 });
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (state.alwaysUnauthorized || !token || !state.validAccess.has(token)) return unauthorized();
    if (pathname === '/api/bots') return json(200, { success: true, data: { bots: [], token } });
    if (pathname === '/api/invalid') {
      return json(400, { success: false, code: 'VALIDATION_FAILED', message: 'Dados inválidos', details: { name: 'Nome curto' } });
    }
    return json(404, { success: false, code: 'ROUTE_NOT_FOUND', message: 'Rota não encontrada' });
  },
});

afterAll(() => server.stop(true));

const storage = new Window().localStorage;
let expired = 0;

function setup() {
  const session = createSessionStore(storage, () => parsePersistedSession);
  const client = createApiClient({
    session,
    fetch: (url, init) => fetch(new URL(url, server.url), init),
    onSessionExpired: () => expired++,
  });
  return { session, client };
}

const user = { id: 'u1', name: 'Ana', email: 'ana@exemplo.com', createdAt: '2025-01-01T00:00:00.000Z' };
const botsSchema = z.object({ success: z.literal(true), data: z.object({ bots: z.array(z.unknown()), token: z.string() }) });

beforeEach(() => {
  storage.clear();
  state.validAccess = new Set();
  state.validRefresh = new Set(['refresh-0']);
  state.refreshCalls = 0;
  state.calls = {};
  state.refreshDelayMs = 0;
  state.alwaysUnauthorized = false;
  expired = 0;
});

describe('api client', () => {
  test('sends the stored access token as a bearer header and parses with the schema', async () => {
    state.validAccess.add('good');
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'good', refreshToken: 'refresh-0' });
    const body = await client.get('/bots', { schema: botsSchema });
    expect(body.data.token).toBe('good');
    expect(state.refreshCalls).toBe(0);
  });

  test('three concurrent 401s share a single refresh and all succeed', async () => {
    state.refreshDelayMs = 50;
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'refresh-0' });
    const results = await Promise.all([1, 2, 3].map(() => client.get('/bots', { schema: botsSchema })));
    expect(state.refreshCalls).toBe(1);
    expect(results.map((r) => r.data.token)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? '{}').tokens.accessToken).toBe('access-1');
  });

  test('a 401 that arrives after another request refreshed reuses the new token instead of refreshing again', async () => {
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'refresh-0' });
    await client.get('/bots');
    expect(state.refreshCalls).toBe(1);
    // Simulate a request that left with the old token: it must not rotate the (already rotated) refresh token.
    const stale = createApiClient({
      session: { ...session, getTokens: (() => {
        let first = true;
        return () => {
          if (first) {
            first = false;
            return { accessToken: 'expired', refreshToken: 'refresh-0' };
          }
          return session.getTokens();
        };
      })() },
      fetch: (url, init) => fetch(new URL(url, server.url), init),
    });
    const body = await stale.get('/bots', { schema: botsSchema });
    expect(body.data.token).toBe('access-1');
    expect(state.refreshCalls).toBe(1);
  });

  test('retries only once: a second 401 is passed on', async () => {
    state.alwaysUnauthorized = true;
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'refresh-0' });
    const error = await client.get('/bots').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(state.calls['/api/bots']).toBe(2);
    expect(state.refreshCalls).toBe(1);
  });

  test('a refused refresh clears the stored session and reports the expiry', async () => {
    state.validRefresh = new Set();
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'revoked' });
    const errors = await Promise.all([1, 2, 3].map(() => client.get('/bots').catch((e: unknown) => e)));
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).sessionExpired).toBe(true);
      expect((error as ApiError).message).toBe(SESSION_EXPIRED_MESSAGE);
    }
    expect(state.refreshCalls).toBe(1);
    expect(expired).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(session.getState().isAuthenticated).toBe(false);
  });

  test('without a refresh token the original 401 is passed on', async () => {
    const { client } = setup();
    const error = (await client.get('/bots').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(error.message).toBe('Sessão expirada');
    expect(state.refreshCalls).toBe(0);
  });

  test('a 401 from login is wrong credentials, never a refresh', async () => {
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'refresh-0' });
    const error = (await client
      .post('/auth/login', { email: 'a@b.c', password: 'x' }, { fallbackMessage: 'Erro ao fazer login' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Email ou senha inválidos');
    expect(state.refreshCalls).toBe(0);
    expect(session.getState().isAuthenticated).toBe(true);
  });

  test('prefers the server message and keeps field details; falls back when the body has none', async () => {
    state.validAccess.add('good');
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'good', refreshToken: 'refresh-0' });
    const invalid = (await client.post('/invalid', {}, { fallbackMessage: 'Erro' }).catch((e: unknown) => e)) as ApiError;
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Dados inválidos', details: { name: 'Nome curto' } });
    const broken = (await client.get('/broken', { fallbackMessage: 'Erro ao carregar bots' }).catch((e: unknown) => e)) as ApiError;
    expect(broken).toMatchObject({ status: 502, message: 'Erro ao carregar bots' });
  });

  test('an unreachable server is a network error with the caller fallback, and keeps the session', async () => {
    const { session } = setup();
    session.setAuth(user, { accessToken: 'expired', refreshToken: 'refresh-0' });
    const offline = createApiClient({
      session,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = (await offline.get('/bots', { fallbackMessage: 'Erro ao carregar bots' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Erro ao carregar bots' });
    expect(session.getState().isAuthenticated).toBe(true);
  });

  test('a response that does not match the schema fails with the fallback message', async () => {
    state.validAccess.add('good');
    const { session, client } = setup();
    session.setAuth(user, { accessToken: 'good', refreshToken: 'refresh-0' });
    const wrong = z.object({ success: z.literal(true), data: z.object({ flows: z.array(z.unknown()) }) });
    const error = (await client.get('/bots', { schema: wrong, fallbackMessage: 'Erro ao carregar fluxos' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', message: 'Erro ao carregar fluxos' });
  });
});
