/**
 * Webhook mode on any number of instances (docs/decisions.md#webhook-queue). Telegram's POST may reach any instance:
 * `enqueue` writes the update to `webhook_updates` (the primary key (bot_id, update_id) drops re-sends; arrivals
 * that come together share one insert) and the route answers 200 once that committed. The bot's lease owner (polling-lease.ts: one per bot, in both modes) reads its
 * bots' waiting rows batch by batch, oldest update_id first: a batch is marked taken by the reader in the statement
 * that reads it, then handled like a polled batch (chats concurrently, each chat in order: the bot's sequentialize),
 * then the next. Each update's receipt (handled_at) is written with its work by the contact journal; rows a reader
 * took and never receipted (its instance died) are taken again by the next owner's reader: none lost.
 * Telegram sends a chat's next update only after our 200 for the previous one, so a chat's updates are committed in
 * order and taken in order. The owner is woken at once: directly when the update arrived on its own instance, by a
 * `webhook.waiting` event (NOTIFY) otherwise, and every `tickMs` it looks for rows a lost NOTIFY left waiting.
 */
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import * as repo from './webhook-queue-repository.ts';
import { handleUpdate } from './handle-update.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { EnqueueOutcome } from './webhook-queue-repository.ts';
import { createArrivalWriter } from './webhook-arrivals.ts';

const BATCH_LIMIT = 100;
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

/** One ownership of a bot here: `id` marks the rows it took (handled_by). */
type Reader = { id: string; bot: Bot; running: Promise<void> | undefined; again: boolean; closed: boolean };

export type WebhookQueue = ReturnType<typeof createWebhookQueue>;

export function createWebhookQueue(options: WebhookQueueOptions) {
  const { sql, logger } = options;
  const readers = new Map<string, Reader>();
  const timers: ReturnType<typeof setInterval>[] = [];
  const arrivals = createArrivalWriter(sql, (botId) => {
    if (readers.has(botId)) void wake(botId);
    else options.announce(botId);
  });

  async function handle(botId: string, reader: Reader, update: Update) {
    const receipt = { kind: 'queued' as const, reader: reader.id, botId, updateId: update.update_id };
    await options.journal.handling(receipt, () => handleUpdate(reader.bot, update, logger));
  }

  /** Takes and handles batches until none waits; a wake meanwhile asks for one more look. */
  async function read(botId: string, reader: Reader) {
    do {
      reader.again = false;
      while (!reader.closed) {
        const taken = await repo.takeUpdates(sql, { instanceId: options.instanceId, reader: reader.id, botId, limit: BATCH_LIMIT });
        if (taken.lost) {
          logger.warn('posse do bot perdida para outra instância; fila do webhook encerrada aqui', { botId });
          reader.closed = true;
          options.lost(botId);
          return;
        }
        if (taken.updates.length === 0) break;
        await Promise.all(taken.updates.map((update) => handle(botId, reader, update)));
      }
    } while (reader.again && !reader.closed);
  }

  function wake(botId: string): Promise<void> {
    const reader = readers.get(botId);
    if (!reader || reader.closed) return Promise.resolve();
    if (reader.running) {
      reader.again = true;
      return reader.running;
    }
    const running = read(botId, reader)
      // The database did not answer: the rows stay waiting and the next tick looks again.
      .catch((error: unknown) => logger.error('falha ao ler a fila do webhook; nova tentativa em instantes', { botId, error }))
      .finally(() => {
        if (reader.running === running) reader.running = undefined;
      });
    reader.running = running;
    return running;
  }

  async function sweep() {
    const waiting = await repo.botsWithWaiting(sql, [...readers.keys()]);
    for (const botId of waiting) void wake(botId);
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
    open(botId: string, bot: Bot) {
      readers.set(botId, { id: crypto.randomUUID(), bot, running: undefined, again: false, closed: false });
    },
    /** Updates wait (an event from another instance, a claim): read them if the bot runs here. */
    wake: (botId: string) => void wake(botId),
    /** Takes and handles everything waiting now; resolves when done (before long polling starts: older first). */
    drain: (botId: string) => wake(botId),
    /** Stops taking this bot's updates here; waits for the batch in hand (its receipts: the caller's journal flush). */
    async close(botId: string) {
      const reader = readers.get(botId);
      if (!reader) return;
      readers.delete(botId);
      reader.closed = true;
      await reader.running;
    },
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
