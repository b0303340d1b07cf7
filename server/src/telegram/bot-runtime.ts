/**
 * The runtime as the API modules see it: they start, stop and refresh bots through this interface and never
 * touch grammY. `idleRuntime` serves apps built without Telegram (unit tests of other modules).
 */
import type { Update } from 'grammy/types';

export type WebhookOutcome = 'accepted' | 'duplicate' | 'forbidden' | 'not-running';

export type BotRuntime = {
  /** Starts the bot's update processing if it is active and not running yet. */
  start(botId: string): Promise<void>;
  /** Stops it; `forget` also removes the webhook (deactivation, removal) rather than just stopping (shutdown). */
  stop(botId: string, options?: { forget?: boolean }): Promise<void>;
  /** Drops cached channel data after the API changed it (welcome saved, Sincronizar). */
  invalidate(botId: string, chatId?: number): void;
  handleWebhook(botId: string, secret: string | null, update: Update): WebhookOutcome;
  isRunning(botId: string): boolean;
};

export const idleRuntime: BotRuntime = {
  start: async () => {},
  stop: async () => {},
  invalidate: () => {},
  handleWebhook: () => 'not-running',
  isRunning: () => false,
};
