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

test('deleting a bot whose start is stuck on an unreachable Telegram answers at once; the bot never runs afterwards', async () => {
  const server = await startTestServer({ env: { TELEGRAM_API_ROOT: `http://127.0.0.1:${silent.port}` }, pollingLease: { tickMs: 200 } });
  try {
    const account = await registerUser(server);
    const botId = await insertBot(server, account.user.id);
    await eventually('the bot start asking Telegram', async () => asked.filter((path) => path.endsWith('/getMe')).length >= 2, 10_000);
    const deleted = await Promise.race([
      server.api(`/api/bots/${botId}`, { method: 'DELETE', token: account.tokens.accessToken }).then((response) => response.status),
      Bun.sleep(10_000).then(() => 'still waiting'),
    ]);
    expect(deleted).toBe(200);
    const askedBefore = asked.length;
    await Bun.sleep(1_000);
    expect(asked.slice(askedBefore).filter((path) => /getUpdates|deleteWebhook|getMe/.test(path))).toEqual([]);
  } finally {
    await server.stop();
  }
}, 60_000);
