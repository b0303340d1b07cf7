/**
 * Integration-test helpers for the Telegram runtime: an in-process Bot API emulator, a real server pointed at it,
 * and waits on conditions (never fixed sleeps). Test code may import the emulator; the product may not.
 */
import { expect } from 'bun:test';
import { botResponseSchema, channelsResponseSchema, type Channel } from '@shared/bots/schemas.ts';
import { createTelegramEmulator, type EmulatorOptions, type TelegramEmulator } from '../../../tools/telegram-emulator/emulator.ts';
import { registerUser } from './fixtures.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './start-test-server.ts';

export type TelegramTestbed = { emulator: TelegramEmulator; server: TestServer; stop(): Promise<void> };

export async function startTelegramTestbed(
  emulatorOptions: EmulatorOptions = { rateLimits: false },
  serverOptions: TestServerOptions = {},
): Promise<TelegramTestbed> {
  const emulator = createTelegramEmulator({ webhookRetryBaseMs: 20, webhookRetryMaxMs: 200, ...emulatorOptions });
  const server = await startTestServer({
    telegramRetry: { baseDelayMs: 20, maxDelayMs: 200 },
    ...serverOptions,
    env: { TELEGRAM_API_ROOT: emulator.url, ...serverOptions.env },
  });
  return {
    emulator,
    server,
    async stop() {
      await server.stop();
      await emulator.stop();
    },
  };
}

/** Waits until `check` returns a value other than undefined/false, polling; fails with `what` after the deadline. */
export async function eventually<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(15);
  }
}

let botCounter = 0;

/** A user of the product who registered a fresh emulator bot through POST /api/bots, polling and ready. */
export async function registeredBot(bed: TelegramTestbed, owner?: Awaited<ReturnType<typeof registerUser>>) {
  const account = owner ?? (await registerUser(bed.server));
  const created = bed.emulator.control.createBot({ username: `canalize_t${++botCounter}_${Date.now() % 100000}_bot`, first_name: 'Bot Teste' });
  const response = await bed.server.api('/api/bots', { json: { token: created.token }, token: account.tokens.accessToken });
  expect(response.status).toBe(201);
  const bot = botResponseSchema.parse(await response.json()).data.bot;
  await waitForPolling(bed, created.token);
  return { account, token: created.token, telegramBotId: created.id, username: created.username, bot, auth: { token: account.tokens.accessToken } };
}

/** Until the first getUpdates arrives, Telegram (and the emulator) do not know the bot wants chat_member. */
export function waitForPolling(bed: TelegramTestbed, token: string) {
  return eventually('the bot to poll', () => bed.emulator.control.isPolling(token));
}

/** A chat where the bot was promoted to administrator, once the product has stored it. */
export async function promotedChat(
  bed: TelegramTestbed,
  registered: Awaited<ReturnType<typeof registeredBot>>,
  input: { type: 'group' | 'supergroup' | 'channel'; title: string; joinByRequest?: boolean },
) {
  const owner = bed.emulator.control.createUser({ first_name: 'Dono' });
  const chat = bed.emulator.control.createChat({ ...input, creatorId: owner.id });
  bed.emulator.control.promoteBot({ chatId: chat.id, bot: registered.token });
  const channel = await eventually(`channel ${input.title}`, async () => (await listChannels(bed, registered)).find((item) => item.channelId === String(chat.id)));
  return { chat, owner, channel };
}

export async function listChannels(bed: TelegramTestbed, registered: { bot: { id: string }; auth: { token: string } }): Promise<Channel[]> {
  const response = await bed.server.api(`/api/bots/${registered.bot.id}/channels`, registered.auth);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET channels answered ${response.status}: ${text}\n${bed.server.logs.filter((l) => l.includes('"error"')).join('\n')}`);
  return channelsResponseSchema.parse(JSON.parse(text)).data.channels;
}
