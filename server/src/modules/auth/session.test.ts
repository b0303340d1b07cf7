import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { authResponseSchema, refreshResponseSchema } from '@shared/auth/schemas.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

let counter = 0;
const uniqueEmail = () => `pessoa${++counter}-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;

async function register(email = uniqueEmail(), password = 'segredo1') {
  const response = await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password } });
  expect(response.status).toBe(201);
  return authResponseSchema.parse(await response.json()).data;
}

async function failure(response: Response) {
  return failureEnvelopeSchema.parse(await response.json());
}

describe('refresh and logout', () => {
  const refresh = (refreshToken: string) => server.api('/api/auth/refresh', { json: { refreshToken } });

  test('rotates the refresh token: the new one works, the old one stops working', async () => {
    const { tokens } = await register();
    const first = await refresh(tokens.refreshToken);
    expect(first.status).toBe(200);
    const rotated = refreshResponseSchema.parse(await first.json()).data.tokens;
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
    expect((await server.api('/api/auth/me', { token: rotated.accessToken })).status).toBe(200);
    const stored = await server.db.sql`select count(*)::int as n from refresh_tokens where token_hash = ${rotated.refreshToken}`;
    expect(stored[0]?.n).toBe(0);
    const second = await refresh(rotated.refreshToken);
    expect(second.status).toBe(200);
  });

  const afterGrace = (refreshToken: string) =>
    server.db.sql`update refresh_tokens set rotated_at = now() - interval '31 seconds' where token_hash = ${sha256Hex(refreshToken)}`;

  test('parallel refreshes of one token all get the same successor, and it keeps working', async () => {
    const { tokens } = await register();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(tokens.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = await Promise.all(answers.map(async (answer) => refreshResponseSchema.parse(await answer.json()).data.tokens));
    expect(new Set(successors.map((next) => next.refreshToken)).size).toBe(1);
    const successor = successors[0]?.refreshToken ?? '';
    expect(successor).not.toBe(tokens.refreshToken);
    for (const next of successors) expect((await server.api('/api/auth/me', { token: next.accessToken })).status).toBe(200);
    // The same token again a moment later (a retried request) is still answered, not treated as theft.
    expect((await refresh(tokens.refreshToken)).status).toBe(200);
    expect((await refresh(successor)).status).toBe(200);
  });

  test('reuse of a rotated token after the grace window revokes the whole family', async () => {
    const { tokens } = await register();
    const next = refreshResponseSchema.parse(await (await refresh(tokens.refreshToken)).json()).data.tokens;
    await afterGrace(tokens.refreshToken);
    const reuse = await refresh(tokens.refreshToken);
    expect(reuse.status).toBe(401);
    expect(await failure(reuse)).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    // The legitimate newest token of that family is gone too.
    expect((await refresh(next.refreshToken)).status).toBe(401);
  });

  test('a family revocation leaves other sessions of the same user alone', async () => {
    const email = uniqueEmail();
    const { tokens } = await register(email);
    const login = authResponseSchema.parse(
      await (await server.api('/api/auth/login', { json: { email, password: 'segredo1' } })).json(),
    ).data.tokens;
    await refresh(tokens.refreshToken);
    await afterGrace(tokens.refreshToken);
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
    expect((await refresh(login.refreshToken)).status).toBe(200);
  });

  test('logout revokes the refresh token', async () => {
    const { tokens } = await register();
    const response = await server.api('/api/auth/logout', { json: { refreshToken: tokens.refreshToken } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: null });
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
  });

  test('an unknown refresh token is a 401', async () => {
    const response = await refresh('nao-existe');
    expect(response.status).toBe(401);
    expect(await failure(response)).toMatchObject({ message: 'Sessão inválida. Faça login novamente.' });
  });
});
