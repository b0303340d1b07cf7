import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jwt } from '@elysiajs/jwt';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { registerUser } from '../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const signWithServerSecret = (sub: string) =>
  jwt({ name: 'jwt', secret: server.config.jwtSecret, exp: '15m' }).decorator.jwt.sign({ sub });

describe('auth guard', () => {
  test.each(['/api/auth/me', '/api/flows', '/api/bots'])('a genuine token whose subject is not a uuid is a 401 on %s', async (path) => {
    const response = await server.api(path, { token: await signWithServerSecret('not-a-uuid') });
    expect(response.status).toBe(401);
    expect(failureEnvelopeSchema.parse(await response.json())).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  test.each(['/api/auth/me', '/api/flows', '/api/bots', '/api/sync/pull'])('a token of an account that no longer exists is a 401 on %s', async (path) => {
    const { user, tokens } = await registerUser(server);
    expect((await server.api(path, { token: tokens.accessToken })).status).toBe(200);
    await server.db.sql`delete from users where id = ${user.id}`;
    const response = await server.api(path, { token: tokens.accessToken });
    expect(response.status).toBe(401);
    expect(failureEnvelopeSchema.parse(await response.json())).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
