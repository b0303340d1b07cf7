import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionsResponseSchema } from '@shared/flows/executions.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../tools/telegram-emulator/emulator.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { eventually, registeredBot } from '../../test-support/telegram.ts';
import { isInternal } from '../../lib/address-guard.ts';

let emulator: TelegramEmulator;
let db: TestDatabase;
let server: TestServer;
const target = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => Response.json({ nome: 'Ana', itens: [1, 2] }, { status: 201 }) });

const start = (allowPrivate: boolean) =>
  startTestServer({
    database: db, telegramRetry: { baseDelayMs: 20, maxDelayMs: 200 },
    env: { TELEGRAM_API_ROOT: emulator.url, FLOW_HTTP_ALLOW_PRIVATE: allowPrivate ? '1' : '0' },
  });

beforeAll(async () => {
  emulator = createTelegramEmulator({ rateLimits: false });
  db = await createTestDatabase();
  server = await start(false);
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  await db.close();
  await emulator.stop();
  target.stop(true);
});

const bed = () => ({ emulator, server, stop: async () => {} });

describe('durable delay and http_request', () => {
  test('a delay survives a restart and runs exactly once; http_request to loopback is refused, then allowed when configured', async () => {
    const registered = await registeredBot(bed());
    const user = emulator.control.createUser({ first_name: 'Rita' });
    const build = flowBuilder(server, registered.auth, registered.bot.id);
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/start' });
    const before = await build.node(flowId, 'send_text', { message: 'antes' });
    const delay = await build.node(flowId, 'delay', { duration: 2, unit: 'seconds' });
    const after = await build.node(flowId, 'send_text', { message: 'depois' });
    await build.chain(flowId, [trigger, before, delay, after]);
    const httpFlow = await build.flow({ name: 'HTTP' });
    const httpTrigger = await build.node(httpFlow, 'trigger_command', { command: '/api' });
    const request = await build.node(httpFlow, 'http_request', {
      method: 'POST', url: `http://127.0.0.1:${target.port}/x`, headers: { 'x-nome': '{{contact.firstName}}' }, body: { quem: '{{contact.firstName}}' },
    });
    const reply = await build.node(httpFlow, 'send_text', { message: '{{http.status}} {{http.body.nome}} {{http.body.itens}}' });
    await build.chain(httpFlow, [httpTrigger, request, reply]);

    emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/start' });
    expect((await emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id })).text).toBe('antes');
    emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/api' });
    const refused = await eventually('the refused request', async () => {
      const list = executionsResponseSchema.parse((await build.call('GET', `/flows/${httpFlow}/executions`)).body).data.executions;
      return list[0]?.status === 'failed' ? list[0] : undefined;
    });
    expect(refused.error).toBe('Endereço não permitido');

    await server.stop();
    server = await start(true);
    const delayed = await emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id, timeoutMs: 8000 });
    expect(delayed.text).toBe('depois');
    emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/api' });
    expect((await emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id })).text).toBe('201 Ana [1,2]');
    // The delay's row was claimed once: no second 'depois' after a further poll round.
    await Bun.sleep(600);
    expect(emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((m) => m.text)).toEqual(['antes', 'depois', '201 Ana [1,2]']);
    const list = executionsResponseSchema.parse((await flowBuilder(server, registered.auth, registered.bot.id).call('GET', `/flows/${flowId}/executions`)).body).data.executions;
    expect(list.map((e) => [e.status, e.stepCount])).toEqual([['completed', 4]]);
  }, 30_000);

  test('the address guard knows loopback, private, link-local and mapped addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.1', '169.254.169.254', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(isInternal(address)).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888']) expect(isInternal(address)).toBe(false);
  });
});
