/**
 * Minha conta, sessions: a new password ends every other session (refresh and access tokens, live streams) and keeps
 * the one that changed it; "Sair de todos os aparelhos" ends them all, the asking one too, and closes their streams.
 * The password is asked again and wrong guesses are throttled.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { authResponseSchema, refreshResponseSchema, type Tokens } from '@shared/auth/schemas.ts';
import { openEventStream, type EventStream } from '../../test-support/event-stream.ts';
import { pushSubscriptionBody } from '../../test-support/route-fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const PASSWORD = 'segredo1';
/** Each test hashes and checks several passwords (argon2id, one queue): room for a loaded machine. */
const SLOW = 30_000;

/** An account signed in on two devices: `here` (the one acting) and `there`. */
async function twoDevices() {
  const email = `conta-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  const registered = await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const here = authResponseSchema.parse(await registered.json()).data.tokens;
  return { email, here, there: await login(email, PASSWORD) };
}

async function login(email: string, password: string): Promise<Tokens> {
  const response = await server.api('/api/auth/login', { json: { email, password } });
  expect(response.status).toBe(200);
  return authResponseSchema.parse(await response.json()).data.tokens;
}

const me = async (tokens: Tokens) => (await server.api('/api/auth/me', { token: tokens.accessToken })).status;
const refresh = (tokens: Tokens) => server.api('/api/auth/refresh', { json: { refreshToken: tokens.refreshToken } });
const changePassword = (tokens: Tokens, currentPassword: string, newPassword: string) =>
  server.api('/api/account/password', { token: tokens.accessToken, json: { currentPassword, newPassword } });

/** The device subscribes to web push; answers its endpoint. */
async function subscribePush(tokens: Tokens): Promise<string> {
  const body = pushSubscriptionBody(crypto.randomUUID());
  expect((await server.api('/api/push/subscriptions', { token: tokens.accessToken, json: body })).status).toBe(201);
  return body.endpoint;
}

async function pushEndpoints(email: string): Promise<string[]> {
  const rows = await server.db.sql<{ endpoint: string }[]>`
    select endpoint from push_subscriptions where user_id = (select id from users where email = ${email}) order by endpoint`;
  return rows.map((row) => row.endpoint);
}

async function readyStream(tokens: Tokens): Promise<EventStream & { isOpen(): boolean }> {
  const stream = await openEventStream(server.url, tokens.accessToken);
  let open = true;
  void stream.ended.then(() => (open = false));
  for (let i = 0; i < 200 && !stream.events.some((event) => event.event === 'ready'); i++) await Bun.sleep(10);
  expect(stream.events[0]?.event).toBe('ready');
  return { ...stream, isOpen: () => open };
}

describe('change password', () => {
  test("ends the other device's session, stream and pushes; this one stays signed in", async () => {
    const { email, here, there } = await twoDevices();
    const [hereStream, thereStream] = [await readyStream(here), await readyStream(there)];
    const [herePush] = [await subscribePush(here), await subscribePush(there)];
    expect((await changePassword(here, PASSWORD, 'nova-senha-2')).status).toBe(200);
    expect(await pushEndpoints(email)).toEqual([herePush]);
    expect(await me(there)).toBe(401);
    expect((await refresh(there)).status).toBe(401);
    await thereStream.ended;
    expect(await me(here)).toBe(200);
    const refreshed = await refresh(here);
    expect(refreshed.status).toBe(200);
    expect(await me(refreshResponseSchema.parse(await refreshed.json()).data.tokens)).toBe(200);
    expect(hereStream.isOpen()).toBe(true);
    hereStream.close();
    expect((await server.api('/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(401);
    expect(await me(await login(email, 'nova-senha-2'))).toBe(200);
  }, SLOW);

  test('a wrong current password changes nothing, in pt-BR', async () => {
    const { email, here, there } = await twoDevices();
    const therePush = await subscribePush(there);
    const answer = await changePassword(here, 'nao-e-esta', 'nova-senha-2');
    expect(answer.status).toBe(403);
    const body = failureEnvelopeSchema.parse(await answer.json());
    expect(body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Senha incorreta', details: { currentPassword: 'Senha incorreta' } });
    expect(await me(there)).toBe(200);
    expect(await pushEndpoints(email)).toEqual([therePush]);
    expect(await me(await login(email, PASSWORD))).toBe(200);
  }, SLOW);

  test('the new password follows the registration rules', async () => {
    const { here } = await twoDevices();
    const answer = await changePassword(here, PASSWORD, '12345');
    expect(answer.status).toBe(400);
    expect(failureEnvelopeSchema.parse(await answer.json()).details).toEqual({ newPassword: 'Senha deve ter no mínimo 6 caracteres' });
  }, SLOW);

  test('guesses are throttled: after 5 wrong passwords even the right one waits', async () => {
    const { here } = await twoDevices();
    for (let i = 0; i < 5; i++) expect((await changePassword(here, `errada-${i}`, 'nova-senha-2')).status).toBe(403);
    const answer = await changePassword(here, PASSWORD, 'nova-senha-2');
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(failureEnvelopeSchema.parse(await answer.json()).code).toBe('TOO_MANY_ATTEMPTS');
  }, SLOW);
});

describe('sign out everywhere', () => {
  test('ends every session, this one too, and closes their live streams and pushes', async () => {
    const { email, here, there } = await twoDevices();
    const streams = [await readyStream(here), await readyStream(there)];
    await Promise.all([subscribePush(here), subscribePush(there)]);
    const other = await twoDevices();
    const untouched = await readyStream(other.here);
    const otherPush = await subscribePush(other.here);
    expect((await server.api('/api/account/sign-out-everywhere', { method: 'POST', token: here.accessToken })).status).toBe(200);
    expect(await pushEndpoints(email)).toEqual([]);
    expect(await pushEndpoints(other.email)).toEqual([otherPush]);
    await Promise.all(streams.map((stream) => stream.ended));
    for (const tokens of [here, there]) {
      expect(await me(tokens)).toBe(401);
      expect((await refresh(tokens)).status).toBe(401);
    }
    expect(await me(other.here)).toBe(200);
    expect(untouched.isOpen()).toBe(true);
    untouched.close();
  }, SLOW);

  test('needs a session', async () => {
    expect((await server.api('/api/account/sign-out-everywhere', { method: 'POST' })).status).toBe(401);
  }, SLOW);
});
