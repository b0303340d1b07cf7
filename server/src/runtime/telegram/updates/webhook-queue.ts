/**
 * Webhook mode on any number of instances (docs/decisions.md#webhook-queue). Telegram's POST may reach any instance:
 * `enqueue` writes the update to `webhook_updates` (webhook-arrivals.ts) and the route answers 200 once that
 * committed. The bot's lease owner (ownership/polling-lease.ts: one per bot, in both modes) reads its bots' waiting
 * rows (webhook-readers.ts); rows a reader took and never receipted (its instance died) are taken again by the next
 * owner's reader: none lost. Telegram sends a chat's next update only after our 200 for the previous one, so a
 * chat's updates are committed in order and taken in order. The owner is woken at once: directly when the update
 * arrived on its own instance, by a `webhook.waiting` event (NOTIFY) otherwise, and every `tickMs` it looks for rows
 * a lost NOTIFY left waiting; taken rows are pruned once Telegram can no longer re-send them.
 */
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import * as repo from './webhook-queue-repository.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { EnqueueOutcome } from './webhook-queue-repository.ts';
import { createArrivalWriter } from './webhook-arrivals.ts';
import { createWebhookReaders } from './webhook-readers.ts';

const DEFAULT_TICK_MS = 2_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNE_BATCH = 5_000;
/** Telegram re-sends an update it got no 200 for during at most a day: taken rows are kept that long. */
const KEEP_TAKEN_HOURS = 24;

export type WebhookQueueOptions = {
  sql: Sql;
  logger: Logger;
  /** The polling lease's instance id: takes are fenced by bot_polling.owner. */
  instanceId: string;
  /** Writes each update's receipt with its work. */
  journal: Pick<ContactJournal, 'handling'>;
  /** A take found the bot's lease gone (taken after it ran out): the owner drops the bot without releasing it. */
  lost(botId: string): void;
  /** Updates wait for a bot that no reader here takes: tell the other instances (NOTIFY). */
  announce(botId: string): void;
  tickMs?: number | undefined;
};

export type WebhookQueue = ReturnType<typeof createWebhookQueue>;

export function createWebhookQueue(options: WebhookQueueOptions) {
  const { sql, logger } = options;
  const readers = createWebhookReaders(options);
  const timers: ReturnType<typeof setInterval>[] = [];
  const arrivals = createArrivalWriter(sql, (botId) => {
    if (readers.has(botId)) void readers.wake(botId);
    else options.announce(botId);
  });

  async function sweep() {
    const waiting = await repo.botsWithWaiting(sql, readers.botIds());
    for (const botId of waiting) void readers.wake(botId);
  }

  async function prune() {
    let removed = 0;
    for (let count = PRUNE_BATCH; count === PRUNE_BATCH; removed += count) count = await repo.pruneTaken(sql, KEEP_TAKEN_HOURS, PRUNE_BATCH);
    if (removed > 0) logger.info('updates antigos do webhook removidos', { removed });
  }

  return {
    /**
     * Writes an update any instance received (answered after the commit) and wakes the bot's reader: here, or
     * elsewhere through the notifier. The secret was checked by the caller.
     */
    enqueue: (botId: string, update: Update): Promise<EnqueueOutcome> => arrivals.enqueue(botId, update),
    /** The bot runs here now (its lease is ours): its waiting updates are taken by this instance from now on. */
    open: (botId: string, bot: Bot) => readers.open(botId, bot),
    /** Updates wait (an event from another instance, a claim): read them if the bot runs here. */
    wake: (botId: string) => void readers.wake(botId),
    /** Takes and handles everything waiting now; resolves when done (before long polling starts: older first). */
    drain: (botId: string) => readers.wake(botId),
    /** Stops taking this bot's updates here; waits for the batch in hand (its receipts: the caller's journal flush). */
    close: (botId: string) => readers.close(botId),
    start() {
      const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
      const quietly = (what: string, task: () => Promise<void>) => () =>
        void task().catch((error: unknown) => logger.error(what, { error }));
      timers.push(setInterval(quietly('falha ao procurar updates do webhook em espera', sweep), tickMs));
      timers.push(setInterval(quietly('falha ao remover updates antigos do webhook', prune), PRUNE_EVERY_MS));
      quietly('falha ao remover updates antigos do webhook', prune)();
    },
    /** Shutdown: no more ticks (the readers close with their bots). */
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  };
}
