/**
 * Logout signs the whole session out: every refresh token of its family (an older one presented, a rotated-away one
 * replayed within the grace window) and every access token issued to it, on the next request. Access tokens are
 * HS256 only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jwt } from '@elysiajs/jwt';
import { authResponseSchema, refreshResponseSchema, type Tokens } from '@shared/auth/schemas.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function register() {
  const email = `sessao-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  const response = await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password: 'segredo1' } });
  expect(response.status).toBe(201);
  return authResponseSchema.parse(await response.json()).data;
}

const refresh = (refreshToken: string) => server.api('/api/auth/refresh', { json: { refreshToken } });
const logout = (refreshToken: string) => server.api('/api/auth/logout', { json: { refreshToken } });
const me = (accessToken: string) => server.api('/api/auth/me', { token: accessToken });

async function rotated(tokens: Tokens): Promise<Tokens> {
  const response = await refresh(tokens.refreshToken);
  expect(response.status).toBe(200);
  return refreshResponseSchema.parse(await response.json()).data.tokens;
}

describe('logout', () => {
  test("the session's access tokens stop working on the next request, not 15 minutes later", async () => {
    const { tokens } = await register();
    const next = await rotated(tokens);
    expect((await me(tokens.accessToken)).status).toBe(200);
    expect((await me(next.accessToken)).status).toBe(200);
    expect((await logout(next.refreshToken)).status).toBe(200);
    for (const accessToken of [tokens.accessToken, next.accessToken]) {
      const answer = await me(accessToken);
      expect(answer.status).toBe(401);
      expect(failureEnvelopeSchema.parse(await answer.json()).code).toBe('UNAUTHENTICATED');
      expect((await server.api('/api/flows', { token: accessToken })).status).toBe(401);
    }
  });

  test('logging out with an older token of the session signs out its current one too', async () => {
    const { tokens } = await register();
    const current = await rotated(await rotated(tokens));
    expect((await logout(tokens.refreshToken)).status).toBe(200);
    expect((await refresh(current.refreshToken)).status).toBe(401);
    expect((await me(current.accessToken)).status).toBe(401);
  });

  test('a rotated-away token replayed within the grace window after logout yields nothing', async () => {
    const { tokens } = await register();
    const next = await rotated(tokens);
    expect((await logout(next.refreshToken)).status).toBe(200);
    // Still inside the 30 s in which the same token answers the same successor to the same session's tabs.
    const replay = await refresh(tokens.refreshToken);
    expect(replay.status).toBe(401);
  });

  test('other sessions of the same account stay signed in', async () => {
    const { user, tokens } = await register();
    const login = await server.api('/api/auth/login', { json: { email: user.email, password: 'segredo1' } });
    const other = authResponseSchema.parse(await login.json()).data.tokens;
    expect((await logout(tokens.refreshToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });
});

describe('access token algorithm', () => {
  test('a token signed with the server secret in another algorithm than HS256 is refused', async () => {
    const { user, tokens } = await register();
    const { sid } = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    for (const alg of ['HS384', 'HS512'] as const) {
      const signer = jwt({ name: 'jwt', secret: server.config.jwtSecret, alg, exp: '15m' }).decorator.jwt;
      const answer = await me(await signer.sign({ sub: user.id, sid }));
      expect(answer.status).toBe(401);
    }
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, sid, exp: Math.floor(Date.now() / 1000) + 900 })).toString('base64url');
    expect((await me(`${header}.${payload}.`)).status).toBe(401);
    const genuine = jwt({ name: 'jwt', secret: server.config.jwtSecret, alg: 'HS256', exp: '15m' }).decorator.jwt;
    expect((await me(await genuine.sign({ sub: user.id, sid }))).status).toBe(200);
  });

  test('a genuine token without a session asks for a refresh (TOKEN_EXPIRED), never passes', async () => {
    const { user } = await register();
    const signer = jwt({ name: 'jwt', secret: server.config.jwtSecret, exp: '15m' }).decorator.jwt;
    const answer = await me(await signer.sign({ sub: user.id }));
    expect(answer.status).toBe(401);
    expect(failureEnvelopeSchema.parse(await answer.json()).code).toBe('TOKEN_EXPIRED');
  });
});
