import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, waitForPolling, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { TOKEN_REJECTED_REASON } from './bot-lifecycle.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Registered = Awaited<ReturnType<typeof registeredBot>>;

async function groupWithWelcome(registered: Registered, title: string) {
  const promoted = await promotedChat(bed, registered, { type: 'supergroup', title });
  await bed.server.api(`/api/flows/channels/${promoted.channel.id}/welcome`, { json: { message: 'Oi {firstName}' }, ...registered.auth });
  return promoted;
}

function join(registered: Registered, chatId: number, firstName: string) {
  const user = bed.emulator.control.createUser({ first_name: firstName });
  const since = bed.emulator.control.mark();
  bed.emulator.control.joinChat({ userId: user.id, chatId });
  return bed.emulator.control.waitForSentMessage({ token: registered.token, chatId, since });
}

describe('Telegram faults', () => {
  test('a 429 is honoured: the welcome arrives after retry_after', async () => {
    const registered = await registeredBot(bed);
    const { chat } = await groupWithWelcome(registered, 'Grupo Flood');
    bed.emulator.control.injectFailure({
      token: registered.token, method: 'sendMessage', errorCode: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1,
    });
    const started = performance.now();
    expect((await join(registered, chat.id, 'Nina')).text).toBe('Oi Nina');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    const calls = bed.emulator.control.apiCalls({ token: registered.token, method: 'sendMessage' });
    expect(calls[0]).toMatchObject({ ok: false, errorCode: 429 });
  });

  test('a failing handler costs one update: the same bot and other bots keep working', async () => {
    const broken = await registeredBot(bed);
    const healthy = await registeredBot(bed);
    const brokenGroup = await groupWithWelcome(broken, 'Grupo Quebrado');
    const healthyGroup = await groupWithWelcome(healthy, 'Grupo Saudável');
    bed.emulator.control.injectFailure({ token: broken.token, method: 'sendMessage', errorCode: 400, description: 'Bad Request: falha simulada' });
    const lost = bed.emulator.control.createUser({ first_name: 'Otto' });
    bed.emulator.control.joinChat({ userId: lost.id, chatId: brokenGroup.chat.id });
    expect((await join(healthy, healthyGroup.chat.id, 'Paula')).text).toBe('Oi Paula');
    await eventually('the failure to be logged', () => bed.server.logs.some((line) => line.includes('falha simulada')));
    expect((await join(broken, brokenGroup.chat.id, 'Rui')).text).toBe('Oi Rui');
    expect(bed.server.server.bots.isRunning(broken.bot.id)).toBe(true);
  });

  test('a token Telegram rejects (401) switches the bot off with a reason, and reactivation clears it', async () => {
    const registered = await registeredBot(bed);
    bed.emulator.control.injectFailure({ token: registered.token, errorCode: 401, description: 'Unauthorized' });
    // Any update ends the current long poll; the next getUpdates meets the 401.
    const user = bed.emulator.control.createUser({ first_name: 'Sol' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
    const bot = await eventually('the bot to be switched off', async () => {
      const response = await bed.server.api(`/api/bots/${registered.bot.id}`, registered.auth);
      const current = botResponseSchema.parse(await response.json()).data.bot;
      return current.isActive ? undefined : current;
    });
    expect(bot.inactiveReason).toBe(TOKEN_REJECTED_REASON);
    await eventually('the runtime to stop', () => !bed.server.server.bots.isRunning(registered.bot.id));

    const on = await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: true }, ...registered.auth });
    expect(botResponseSchema.parse(await on.json()).data.bot).toMatchObject({ isActive: true, inactiveReason: null });
    await waitForPolling(bed, registered.token);
    expect(bed.server.logs.join('\n')).not.toContain(registered.token.split(':')[1] ?? '-');
    // Its waits (switch-off, stop, the lease round after reactivation) may each take seconds on a loaded machine.
  }, 30_000);

  test('deactivated bots do not answer; reactivated ones process what waited', async () => {
    const registered = await registeredBot(bed);
    const { chat } = await groupWithWelcome(registered, 'Grupo Pausado');
    await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: false }, ...registered.auth });
    const user = bed.emulator.control.createUser({ first_name: 'Teo' });
    bed.emulator.control.joinChat({ userId: user.id, chatId: chat.id });
    expect(bed.emulator.control.pendingUpdates(registered.token).length).toBeGreaterThan(0);
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: chat.id })).toEqual([]);
    const since = bed.emulator.control.mark();
    await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: true }, ...registered.auth });
    expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id, since })).text).toBe('Oi Teo');
  });
});

describe('restart', () => {
  test('a restarted server resumes polling for its active bots', async () => {
    const restartable = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url } });
    const local: TelegramTestbed = { emulator: bed.emulator, server: restartable, stop: () => restartable.stop() };
    const registered = await registeredBot(local);
    const { chat, channel } = await promotedChat(local, registered, { type: 'supergroup', title: 'Grupo Reinício' });
    await restartable.api(`/api/flows/channels/${channel.id}/welcome`, {
      json: { message: 'De volta, {firstName}' },
      ...registered.auth,
    });
    await restartable.server.stop();
    await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));

    const again = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url }, database: restartable.db });
    try {
      await waitForPolling(bed, registered.token);
      const user = bed.emulator.control.createUser({ first_name: 'Uma' });
      const since = bed.emulator.control.mark();
      bed.emulator.control.joinChat({ userId: user.id, chatId: chat.id });
      expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id, since })).text).toBe('De volta, Uma');
      // Started from the stored getMe answer: registration was the only getMe.
      expect(bed.emulator.control.apiCalls({ token: registered.token, method: 'getMe' })).toHaveLength(1);
    } finally {
      await again.server.stop();
      await restartable.db.close();
    }
  }, 30_000);
});
