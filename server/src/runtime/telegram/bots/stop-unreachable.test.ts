/**
 * A bot whose Telegram never answers (getMe hangs: grammY would wait 500 s) must not hold the server's shutdown or a
 * test's teardown: stopping aborts the start in progress (docs/decisions.md#scale-out).
 */
import { afterAll, expect, test } from 'bun:test';
import { insertBot, registerUser } from '../../../test-support/fixtures.ts';
import { startTestServer } from '../../../test-support/start-test-server.ts';
import { eventually } from '../../../test-support/telegram.ts';

const asked: string[] = [];
// Accepts every request and never answers it.
const silent = Bun.serve({ port: 0, hostname: '127.0.0.1', idleTimeout: 0, fetch: (request) => (asked.push(new URL(request.url).pathname), new Promise<Response>(() => {})) });
afterAll(() => silent.stop(true));

test('stopping does not wait for a bot start stuck on an unreachable Telegram', async () => {
  const server = await startTestServer({ env: { TELEGRAM_API_ROOT: `http://127.0.0.1:${silent.port}` }, pollingLease: { tickMs: 200 } });
  const account = await registerUser(server);
  await insertBot(server, account.user.id);
  await eventually('the bot start asking Telegram', async () => asked.some((path) => path.endsWith('/getMe')), 10_000);
  const began = performance.now();
  await server.stop();
  expect(performance.now() - began).toBeLessThan(4_000);
}, 30_000);
