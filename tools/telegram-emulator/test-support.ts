// Shared setup for the emulator's own tests: one emulator per test file, reset between tests, and a grammY Bot
// pointed at it exactly as the product will do it.
import { afterAll, afterEach } from 'bun:test';
import { Bot } from 'grammy';
import { createTelegramEmulator, type TelegramEmulator } from './emulator.ts';
import type { EmulatorOptions } from './core/emulator-core.ts';

export function useEmulator(options: EmulatorOptions = {}): TelegramEmulator {
  const emulator = createTelegramEmulator({ webhookRetryBaseMs: 20, webhookRetryMaxMs: 100, ...options });
  afterEach(() => emulator.control.reset());
  afterAll(() => emulator.stop());
  return emulator;
}

export function grammyBot(emulator: TelegramEmulator, token: string): Bot {
  return new Bot(token, { client: { apiRoot: emulator.url } });
}

/** A bot, a user who started it, and a grammY client for the bot. */
export function startedDialog(emulator: TelegramEmulator, username = 'welcome_test_bot') {
  const { control } = emulator;
  const created = control.createBot({ username });
  const user = control.createUser({ first_name: 'Ana', username: 'ana', language_code: 'pt-br' });
  control.sendPrivateMessage({ from: user.id, bot: created.token, text: '/start' });
  return { token: created.token, botId: created.id, user, bot: grammyBot(emulator, created.token) };
}
