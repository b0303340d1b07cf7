import { describe, expect, test } from 'bun:test';
import { GrammyError } from 'grammy';
import { startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;

describe('receiving updates', () => {
  test('long polling with grammY delivers a private command and the reply is observable', async () => {
    const { token, bot, user } = startedDialog(emulator);
    bot.command('ola', (ctx) => ctx.reply(`Olá, ${ctx.from?.first_name}! ${ctx.match}`));
    let polling: Promise<void> = Promise.resolve();
    await new Promise<void>((onStart) => {
      polling = bot.start({ drop_pending_updates: true, onStart: () => onStart() });
    });
    try {
      const started = performance.now();
      control.sendPrivateMessage({ from: user.id, bot: token, text: '/ola mundo' });
      const reply = await control.waitForSentMessage({ token, chatId: user.id, timeoutMs: 2000 });
      expect(reply.text).toBe('Olá, Ana! mundo');
      expect(performance.now() - started).toBeLessThan(500);
    } finally {
      await bot.stop();
      await polling;
    }
  });

  test('a waiting getUpdates answers as soon as an update arrives, with bot_command entities', async () => {
    const { token, bot, user } = startedDialog(emulator);
    const first = await bot.api.getUpdates({ timeout: 0 });
    const waiting = bot.api.getUpdates({ offset: (first[0]?.update_id ?? 0) + 1, timeout: 30 });
    await waitUntilPolling(token);
    control.sendPrivateMessage({ from: user.id, bot: token, text: '/start promo@canal' });
    const [update] = await waiting;
    expect(update?.message?.text).toBe('/start promo@canal');
    expect(update?.message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
  });

  test('updates stay until an offset above them confirms them; a negative offset keeps the last ones', async () => {
    const { token, bot, user } = startedDialog(emulator);
    control.sendPrivateMessage({ from: user.id, bot: token, text: 'two' });
    control.sendPrivateMessage({ from: user.id, bot: token, text: 'three' });
    const all = await bot.api.getUpdates();
    expect(all.map((u) => u.message?.text)).toEqual(['/start', 'two', 'three']);
    expect((await bot.api.getUpdates({ limit: 1 })).map((u) => u.message?.text)).toEqual(['/start']);
    const afterFirst = await bot.api.getUpdates({ offset: (all[0]?.update_id ?? 0) + 1 });
    expect(afterFirst.map((u) => u.message?.text)).toEqual(['two', 'three']);
    expect((await bot.api.getUpdates()).length).toBe(2);
    expect((await bot.api.getUpdates({ offset: -1 })).map((u) => u.message?.text)).toEqual(['three']);
    expect((await bot.api.getUpdates()).length).toBe(1);
  });

  test('chat_member is delivered only when listed in allowed_updates, which is remembered', async () => {
    const { token, bot } = startedDialog(emulator, 'members_bot');
    const channel = control.createChat({ type: 'channel', title: 'Canal' });
    control.promoteBot({ chatId: channel.id, bot: token });
    const ana = control.createUser({ first_name: 'Bia' });
    control.joinChat({ userId: ana.id, chatId: channel.id });
    const byDefault = await bot.api.getUpdates({ allowed_updates: [] });
    expect(byDefault.some((u) => u.chat_member)).toBe(false);
    expect(byDefault.some((u) => u.my_chat_member)).toBe(true);
    await bot.api.getUpdates({ offset: (byDefault.at(-1)?.update_id ?? 0) + 1, allowed_updates: ['message', 'chat_member', 'my_chat_member'] });
    const carlos = control.createUser({ first_name: 'Carlos' });
    control.joinChat({ userId: carlos.id, chatId: channel.id });
    // allowed_updates omitted: the previous list still applies.
    const listed = await bot.api.getUpdates();
    expect(listed.map((u) => u.chat_member?.new_chat_member.user.first_name)).toEqual(['Carlos']);
    expect(listed[0]?.chat_member?.old_chat_member.status).toBe('left');
    expect(listed[0]?.chat_member?.new_chat_member.status).toBe('member');
  });

  test('a second getUpdates terminates the waiting one with 409', async () => {
    const { bot } = startedDialog(emulator);
    const updates = await bot.api.getUpdates();
    const offset = (updates.at(-1)?.update_id ?? 0) + 1;
    const older = bot.api.getUpdates({ offset, timeout: 30 }).catch((e: unknown) => e);
    await waitUntilPolling(bot.token);
    const newer = bot.api.getUpdates({ offset, timeout: 0 });
    const error = await older;
    expect(error).toBeInstanceOf(GrammyError);
    expect(error).toMatchObject({
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    expect(await newer).toEqual([]);
  });

  test('two pollers of one token take turns failing with 409, and the log counts each conflict', async () => {
    const { bot } = startedDialog(emulator);
    const updates = await bot.api.getUpdates();
    const offset = (updates.at(-1)?.update_id ?? 0) + 1;
    const conflicts = () => control.apiCalls({ token: bot.token, method: 'getUpdates' }).filter((call) => call.errorCode === 409).length;
    const first = bot.api.getUpdates({ offset, timeout: 30 }).catch((e: unknown) => e);
    await waitUntilPolling(bot.token);
    const second = bot.api.getUpdates({ offset, timeout: 30 }).catch((e: unknown) => e);
    expect(await first).toMatchObject({ error_code: 409 });
    await waitUntilPolling(bot.token);
    const third = bot.api.getUpdates({ offset, timeout: 0 });
    expect(await second).toMatchObject({ error_code: 409 });
    expect(await third).toEqual([]);
    expect(conflicts()).toBe(2);
  });

  test('a long poll whose client went away no longer counts as polling, and takes no update with it', async () => {
    const { bot, token, user } = startedDialog(emulator);
    const updates = await bot.api.getUpdates();
    const offset = (updates.at(-1)?.update_id ?? 0) + 1;
    const abort = new AbortController();
    const waiting = bot.api.getUpdates({ offset, timeout: 30 }, abort.signal as Parameters<typeof bot.api.getUpdates>[1]).catch((e: unknown) => e);
    await waitUntilPolling(token);
    abort.abort();
    await waiting;
    while (control.isPolling(token)) await Bun.sleep(1);
    control.sendPrivateMessage({ from: user.id, bot: token, text: 'depois' });
    expect((await bot.api.getUpdates({ offset })).map((u) => u.message?.text)).toEqual(['depois']);
  });

  test('getUpdates while a webhook is set answers 409', async () => {
    const { bot } = startedDialog(emulator);
    // Nothing listens on port 9: the emulator keeps retrying in the background, which is irrelevant here.
    await bot.api.setWebhook('http://127.0.0.1:9/hook');
    await expect(bot.api.getUpdates()).rejects.toMatchObject({
      error_code: 409,
      description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    });
    await bot.api.deleteWebhook();
    expect((await bot.api.getUpdates()).length).toBe(1);
  });

  test('deleteWebhook with drop_pending_updates forgets the queue', async () => {
    const { bot } = startedDialog(emulator);
    await bot.api.deleteWebhook({ drop_pending_updates: true });
    expect(await bot.api.getUpdates()).toEqual([]);
    expect(await bot.api.getWebhookInfo()).toEqual({ url: '', has_custom_certificate: false, pending_update_count: 0 });
  });
});

/** The first request travels over its own connection: wait until the emulator holds it before racing it. */
async function waitUntilPolling(token: string): Promise<void> {
  while (!control.isPolling(token)) await Bun.sleep(1);
}
