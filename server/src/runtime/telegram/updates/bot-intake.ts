/**
 * How a bot this instance owns receives its updates (docs/decisions.md#scale-out, docs/decisions.md#webhook-queue):
 * - webhook mode: the owner sets the webhook once per ownership, then handles what any instance queued for the bot;
 * - long polling: a webhook left from an earlier configuration goes (it would make every getUpdates fail with 409),
 *   updates still queued from webhook mode are handled first, then the poller runs from the stored offset.
 * Either way, polled batches a killed owner left unreceipted are older than anything newer and are handled first.
 * Telegram's POSTs land on any instance: the secret checked, the update is written to the bot's queue.
 */
import { randomUUID } from 'node:crypto';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Sql } from '../../../db/client.ts';
import { deriveSecretHex, secretsEqual } from '../../../lib/crypto.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { WebhookOutcome } from '../../../ports/bot-runtime.ts';
import type { BotEntry } from '../bots/bot-entry.ts';
import { ALLOWED_UPDATES } from '../bots/create-bot.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { PollingLease } from '../ownership/polling-lease.ts';
import type { PollingClaim } from '../ownership/polling-lease-repository.ts';
import type { DatabaseGate } from './database-gate.ts';
import { createPolledIntake } from './polled-intake.ts';
import { takeOverPolled } from './polled-takeover.ts';
import { createWebhookQueue, type WebhookQueue } from './webhook-queue.ts';

/** grammY types its signals with the abort-controller shim; the platform's AbortSignal is what it really uses. */
export type GrammySignal = NonNullable<Parameters<Bot['init']>[0]>;

export type BotIntakeOptions = {
  sql: Sql;
  logger: Logger;
  encryptionKey: Uint8Array;
  lease: PollingLease;
  journal: ContactJournal;
  gate: DatabaseGate;
  /** Base URL Telegram can reach; undefined = long polling. */
  webhookBase(): string | undefined;
  /** Aborted when the runtime stops: a start in progress goes no further. */
  signal: GrammySignal;
  /** The bot's lease was found taken (a poller, the webhook queue or a receipt write was fenced). */
  lost(botId: string): void;
  /** Updates wait for a bot that no reader here takes: tell the other instances. */
  announceWaiting(botId: string): void;
  webhookTickMs?: number | undefined;
};

export type BotIntake = ReturnType<typeof createBotIntake>;

export function createBotIntake(options: BotIntakeOptions) {
  const { sql, lease, journal } = options;
  const secretOf = (botId: string) => deriveSecretHex(options.encryptionKey, `webhook:${botId}`);
  const queue = createWebhookQueue({
    sql, logger: options.logger.child({ component: 'webhook' }), instanceId: lease.instanceId, journal,
    tickMs: options.webhookTickMs, lost: options.lost, announce: options.announceWaiting,
  });
  const polled = createPolledIntake({ sql, lease, journal, gate: options.gate, lost: options.lost });
  const takeOver = (entry: BotEntry, reader: string, logger: Logger) =>
    takeOverPolled({ sql, journal, instanceId: lease.instanceId, reader, botId: entry.botId, bot: entry.bot, logger });

  async function openWebhook(entry: BotEntry, base: string, log: Logger, signal: GrammySignal): Promise<boolean> {
    // Once per ownership, by the owner only (docs/decisions.md#webhook-queue); then what waits is taken.
    await entry.bot.api.setWebhook(`${base}/api/telegram/webhook/${entry.botId}`, {
      secret_token: secretOf(entry.botId),
      allowed_updates: [...ALLOWED_UPDATES],
    }, signal);
    if (signal.aborted) return false;
    queue.open(entry.botId, entry.bot);
    // Polled batches a killed owner left (the mode just switched): older than anything queued.
    if (!(await takeOver(entry, randomUUID(), log)) || signal.aborted) return false;
    queue.wake(entry.botId);
    return true;
  }

  async function openPolling(entry: BotEntry, log: Logger, signal: GrammySignal): Promise<boolean> {
    await entry.bot.api.deleteWebhook(undefined, signal);
    if (signal.aborted) return false;
    // Updates queued while the server ran in webhook mode are older than anything getUpdates returns: first.
    queue.open(entry.botId, entry.bot);
    await queue.drain(entry.botId);
    if (signal.aborted) return false;
    // `reader`: this ownership of the bot, whose receipts count for the batches the poller writes.
    const reader = randomUUID();
    if (!(await takeOver(entry, reader, log)) || signal.aborted) return false;
    polled.start(entry, log, reader);
    return true;
  }

  return {
    queue,
    /** Where polling resumes for a bot this instance just claimed. */
    claimed: (claim: PollingClaim & { startOffset: number | undefined }) => polled.claimed(claim),
    /**
     * Starts receiving a bot's updates; the mode it receives them in, or undefined when it went no further (`signal`,
     * the runtime's or this start's, aborted).
     */
    async open(entry: BotEntry, log: Logger, signal: GrammySignal = options.signal): Promise<'webhook' | 'polling' | undefined> {
      const base = options.webhookBase();
      if (base) return (await openWebhook(entry, base, log, signal)) ? 'webhook' : undefined;
      return (await openPolling(entry, log, signal)) ? 'polling' : undefined;
    },
    async close(botId: string) {
      await Promise.all([polled.stop(botId), queue.close(botId)]);
    },
    handleWebhook: (botId: string, secret: string | null, update: Update) =>
      receiveWebhook({ queue, logger: options.logger, expected: secretOf(botId) }, botId, secret, update),
  };
}

/** Any instance: the secret checked, the update written to the queue (answered once committed), handled by the bot's owner. */
async function receiveWebhook(
  receiver: { queue: WebhookQueue; logger: Logger; expected: string },
  botId: string, secret: string | null, update: Update,
): Promise<WebhookOutcome> {
  if (secret === null || !secretsEqual(secret, receiver.expected)) return 'forbidden';
  if (!isUuid(botId)) return 'not-running';
  return receiver.queue.enqueue(botId, update).catch((error: unknown) => {
    receiver.logger.error('falha ao gravar update do webhook; o Telegram o reenviará', { botId, error });
    return 'unavailable' as const;
  });
}
