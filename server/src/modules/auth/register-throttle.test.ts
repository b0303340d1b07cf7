/**
 * Registration from one address is throttled like login (128 accounts in seconds took memory and time from every
 * other user), and the password hashes of a burst wait their turn instead of running all at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { passwordWork } from './password-hashing.ts';

const FREE = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1', REGISTRATIONS_PER_ADDRESS: String(FREE) } });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

let lastOctet = 0;
const newAddress = () => `198.51.100.${++lastOctet}`;

const register = (address: string) =>
  server.api('/api/auth/register', {
    json: { name: 'Pessoa Teste', email: `p-${crypto.randomUUID().slice(0, 8)}@exemplo.com`, password: 'segredo1' },
    headers: { 'x-forwarded-for': address },
  });

describe('registration throttling', () => {
  test('one address creates REGISTRATIONS_PER_ADDRESS accounts, then waits; another address does not', async () => {
    const address = newAddress();
    const burst = await Promise.all(Array.from({ length: FREE + 5 }, () => register(address)));
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(FREE).fill(201), ...Array(5).fill(429)]);
    for (const response of burst.filter((answer) => answer.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(failureEnvelopeSchema.parse(await response.json()).message).toBe('Muitas tentativas. Tente novamente em alguns minutos.');
    }
    expect((await register(newAddress())).status).toBe(201);
  }, 30_000);

  test('a burst of password hashes from many addresses is served through a bounded queue', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => register(newAddress())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    expect(passwordWork.peak).toBeGreaterThan(0);
    expect(passwordWork.peak).toBeLessThanOrEqual(4);
    expect(passwordWork.active).toBe(0);
  }, 30_000);
});
