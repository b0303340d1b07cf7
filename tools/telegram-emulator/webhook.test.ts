import { afterEach, describe, expect, test } from 'bun:test';
import { Bot, webhookCallback } from 'grammy';
import { startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;

interface Received {
  secret: string | null;
  body: { update_id: number; message?: { text?: string } };
}

/** A local receiver whose answers the test scripts: statuses are used in order, then 200. */
function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      received.push({ secret: request.headers.get('x-telegram-bot-api-secret-token'), body: await request.json() });
      for (const wake of waiters.splice(0)) wake();
      return new Response(null, { status: statuses.shift() ?? 200 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    received,
    async waitForCount(count: number): Promise<void> {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    stop: () => server.stop(true),
  };
}

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('webhooks', () => {
  test('updates are POSTed to the webhook with the secret token header', async () => {
    const hook = receiver();
    cleanups.push(hook.stop);
    const { token, bot, user } = startedDialog(emulator);
    await bot.api.setWebhook(hook.url, { secret_token: 'segredo_123', drop_pending_updates: true });
    control.sendPrivateMessage({ from: user.id, bot: token, text: 'oi' });
    await hook.waitForCount(1);
    expect(hook.received[0]).toMatchObject({ secret: 'segredo_123', body: { message: { text: 'oi' } } });
    // The receiver records the update before its 200 reaches the emulator: wait for the acknowledgement to land.
    let info = await bot.api.getWebhookInfo();
    for (let tries = 0; info.pending_update_count > 0 && tries < 200; tries++) {
      await Bun.sleep(10);
      info = await bot.api.getWebhookInfo();
    }
    expect(info).toMatchObject({ url: hook.url, pending_update_count: 0, max_connections: 40 });
  });

  test('a non-2xx answer keeps the update and it is retried, the error shows in getWebhookInfo', async () => {
    const hook = receiver([500, 502]);
    cleanups.push(hook.stop);
    const { bot } = startedDialog(emulator);
    await bot.api.setWebhook(hook.url);
    await hook.waitForCount(3);
    const ids = hook.received.map((r) => r.body.update_id);
    expect(new Set(ids).size).toBe(1);
    const info = await bot.api.getWebhookInfo();
    expect(info.last_error_message).toBe('Wrong response from the webhook: 502 Bad Gateway');
    expect(info.last_error_date).toBeNumber();
  });

  test('a grammY webhook handler receives updates and its reply is executed', async () => {
    const { token, user } = startedDialog(emulator);
    const bot = new Bot(token, { client: { apiRoot: emulator.url, canUseWebhookReply: () => true } });
    bot.on('message:text', (ctx) => ctx.reply(`eco: ${ctx.message.text}`));
    const handle = webhookCallback(bot, 'std/http', { secretToken: 'abc' });
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => handle(request) });
    cleanups.push(() => server.stop(true));
    await bot.api.setWebhook(`http://127.0.0.1:${server.port}/`, { secret_token: 'abc', drop_pending_updates: true });
    control.sendPrivateMessage({ from: user.id, bot: token, text: 'ping' });
    const reply = await control.waitForSentMessage({ token, chatId: user.id });
    expect(reply.text).toBe('eco: ping');
  });
});
