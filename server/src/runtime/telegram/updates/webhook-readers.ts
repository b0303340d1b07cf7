/**
 * The owner's side of the webhook queue (docs/decisions.md#webhook-queue): one reader per bot this instance owns takes
 * the bot's waiting rows batch by batch, oldest update_id first (a batch is marked taken by the reader in the statement
 * that reads it), and handles them like a polled batch (chats concurrently, each chat in order: the bot's
 * sequentialize). Each update's receipt (handled_at) is written with its work by the contact journal.
 */
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { handleUpdate } from './handle-update.ts';
import type { WebhookQueueOptions } from './webhook-queue.ts';
import * as repo from './webhook-queue-repository.ts';

const BATCH_LIMIT = 100;

/** One ownership of a bot here: `id` marks the rows it took (handled_by). */
type Reader = { id: string; bot: Bot; running: Promise<void> | undefined; again: boolean; closed: boolean };

export function createWebhookReaders(options: Pick<WebhookQueueOptions, 'sql' | 'logger' | 'instanceId' | 'journal' | 'lost'>) {
  const { sql, logger } = options;
  const readers = new Map<string, Reader>();

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

  return {
    wake,
    has: (botId: string) => readers.has(botId),
    botIds: () => [...readers.keys()],
    open(botId: string, bot: Bot) {
      readers.set(botId, { id: crypto.randomUUID(), bot, running: undefined, again: false, closed: false });
    },
    async close(botId: string) {
      const reader = readers.get(botId);
      if (!reader) return;
      readers.delete(botId);
      reader.closed = true;
      await reader.running;
    },
  };
}
