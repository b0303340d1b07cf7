import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { ACCOUNT_RULE, ADDRESS_RULE } from './throttle.ts';

// Behind a proxy (TRUST_PROXY), so each test can speak from addresses of its own through X-Forwarded-For.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

const login = (address: string, email: string, password: string) =>
  // The client's own X-Forwarded-For entries come first; the proxy appends the real address last.
  server.api('/api/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': `10.9.9.9, ${address}` } });

async function expectThrottled(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(failureEnvelopeSchema.parse(await response.json())).toEqual({
    success: false,
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Muitas tentativas. Tente novamente em alguns minutos.',
  });
}

describe('login throttling', () => {
  test('a parallel burst of wrong passwords gets at most the free attempts, the rest 429, a right one too', async () => {
    const { user } = await registerUser(server);
    const address = newAddress();
    const burst = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) => login(address, user.email, `errada${i}`)),
      login(address, user.email, 'segredo1'),
    ]);
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length + statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(ACCOUNT_RULE.free);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(61 - ACCOUNT_RULE.free);
    for (const response of burst.filter((answer) => answer.status === 429)) await expectThrottled(response);
  }, 20_000);

  test("a stranger's failures do not lock the owner out: the owner signs in from another address", async () => {
    const { user } = await registerUser(server);
    const stranger = newAddress();
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await login(stranger, user.email, 'errada')).status).toBe(401);
    await expectThrottled(await login(stranger, user.email, 'segredo1'));
    expect((await login(newAddress(), user.email, 'segredo1')).status).toBe(200);
  });

  test('spraying many accounts from one address is throttled; other addresses are not', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(address, `alvo${i}-${crypto.randomUUID().slice(0, 6)}@exemplo.com`, 'errada')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(ADDRESS_RULE.free).fill(401), ...Array(30 - ADDRESS_RULE.free).fill(429)]);
    await expectThrottled(await login(address, `outro-${crypto.randomUUID()}@exemplo.com`, 'errada'));
    expect((await login(newAddress(), `outro-${crypto.randomUUID()}@exemplo.com`, 'errada')).status).toBe(401);
  }, 20_000);

  test('the waits grow: after a wait passes, one more attempt, then a longer wait', async () => {
    const { user } = await registerUser(server);
    const address = newAddress();
    for (let i = 0; i < ACCOUNT_RULE.free; i++) await login(address, user.email, 'errada');
    const first = await login(address, user.email, 'errada');
    await expectThrottled(first);
    const firstWait = Number(first.headers.get('retry-after'));
    await server.db.sql`update login_throttle set blocked_until = now() where key like ${`account:%:${user.email}`}`;
    expect((await login(address, user.email, 'errada')).status).toBe(401);
    const second = await login(address, user.email, 'errada');
    await expectThrottled(second);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });

  test('a successful login gives its attempt back and clears its account counter', async () => {
    const { user } = await registerUser(server);
    const address = newAddress();
    for (let i = 0; i < ACCOUNT_RULE.free - 1; i++) expect((await login(address, user.email, 'errada')).status).toBe(401);
    expect((await login(address, user.email, 'segredo1')).status).toBe(200);
    for (let i = 0; i < ACCOUNT_RULE.free - 1; i++) expect((await login(address, user.email, 'errada')).status).toBe(401);
    expect((await login(address, user.email, 'segredo1')).status).toBe(200);
    const [row] = await server.db.sql<{ attempts: number }[]>`select attempts from login_throttle where key = ${`address:${address}`}`;
    expect(row?.attempts).toBe(2 * (ACCOUNT_RULE.free - 1));
  }, 20_000);
});
