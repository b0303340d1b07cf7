/**
 * A bot's lifecycle in this process (docs/decisions.md#scale-out): started when this instance holds its lease,
 * stopped when the lease goes (given up, lost, missing) or the runtime stops.
 * - A bot that fails to start (Telegram unreachable) is started again after a growing pause, never in a tight loop;
 *   a stopped or switched-off bot is not.
 * - Telegram answering 401 switches the bot off with a reason the bot screens show (docs/decisions.md#d-bots-channels).
 * - Stopping waits for the updates in flight and aborts retry waits and starts in progress: a shutdown is quick.
 */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { FlowEngine } from '../../flow-engine/flow-engine.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { RetryTuning } from '../outbound/api-resilience.ts';
import type { BotIntake, GrammySignal } from '../updates/bot-intake.ts';
import { createBotEntry, stopBotEntry, type BotEntry } from './bot-entry.ts';
import { createRestarts } from './restarts.ts';
import * as repo from './runtime-repository.ts';
import type { AccessGate } from '../../../ports/access-gate.ts';
import type { RemovalPace } from '../outbound/member-remover.ts';
import type { PixelOutbox } from '../../../ports/pixel-outbox.ts';
import type { StarsAccess } from '../../../ports/stars-access.ts';

export const TOKEN_REJECTED_REASON = 'O Telegram recusou o token deste bot. Cadastre um token válido.';
/** How long stopping waits for bot starts still talking to Telegram before it goes on without them. */
const STARTING_WAIT_MS = 2_000;

export type LifecycleOptions = {
  sql: Sql;
  logger: Logger;
  apiRoot: string;
  encryptionKey: Uint8Array;
  pixelOutbox: PixelOutbox;
  starsAccess?: StarsAccess | undefined;
  access: AccessGate;
  removalPace?: RemovalPace | undefined;
  retry?: RetryTuning | undefined;
  journal: ContactJournal;
  flows: FlowEngine;
  notify?(userId: string, topic: string, payload: Record<string, unknown>): void;
  /** Whether this instance holds the bot's lease. */
  holds(botId: string): boolean;
  /** A stopped bot's standalone Api (standalone-bots.ts) goes: the next call reads the bot afresh. */
  forgetStandalone(botId: string): void;
  /** Gives the bot's lease back (a stop, a revoked token). */
  release(botId: string): Promise<void>;
  /** How a started bot receives its updates. */
  intake: BotIntake;
  /** Aborted when the runtime stops: starts in progress go no further, failed ones are not retried. */
  closing: AbortController;
  /** `closing`'s signal as grammY types it. */
  signal: GrammySignal;
  /** A switched-off bot in webhook mode also loses its webhook. */
  webhookMode(): boolean;
};

export type BotLifecycle = ReturnType<typeof createBotLifecycle>;

export function createBotLifecycle(options: LifecycleOptions) {
  const { sql, logger } = options;
  const { closing, intake } = options;
  const running = new Map<string, BotEntry>();
  const restarts = createRestarts({ logger, closed: () => closing.signal.aborted, start: (botId, stopped) => startBot(options, running, { botId, stopped }, revoke) });

  /** Stops the bot in this process (deactivation, a lease given up or lost, shutdown); nothing about the lease. */
  async function stopHere(botId: string, forget: boolean) {
    await restarts.settled(botId);
    const entry = running.get(botId);
    if (!entry) return;
    running.delete(botId);
    await intake.close(botId);
    // The receipts of the last updates handled here, stored before the bot can start again (here or elsewhere).
    await options.journal.settle().catch((error: unknown) => logger.error('falha ao gravar contatos ao parar', { botId, error }));
    options.flows.detach(botId);
    await stopBotEntry(entry, forget && options.webhookMode());
    logger.info('bot parado', { botId });
  }

  async function stop(botId: string, forget: boolean) {
    options.forgetStandalone(botId);
    await stopHere(botId, forget);
    await options.release(botId);
  }

  async function revoke(botId: string, userId: string) {
    logger.warn('token recusado pelo Telegram; bot desativado', { botId });
    await repo.markInactive(sql, botId, TOKEN_REJECTED_REASON).catch((error: unknown) => logger.error('falha ao desativar bot', { botId, error }));
    options.notify?.(userId, 'bots.changed', { botId });
    await stop(botId, false);
  }

  /**
   * The lease went missing in webhook mode: was the bot switched off or deleted (its webhook goes: only the owner has
   * the token at hand), or was the lease taken after it ran out (the new owner has set the webhook already)?
   */
  async function switchedOff(botId: string) {
    return (await repo.findActiveBot(sql, botId).catch(() => 'unknown' as const)) === undefined;
  }

  return {
    entry: (botId: string) => running.get(botId),
    startAttempt: (botId: string) => restarts.attempt(botId, 0),
    stopHere,
    /** The lease went (ownership/polling-lease.ts): `missing`, or given up in a handover. */
    dropped: async (botId: string, reason: 'missing' | 'handover') =>
      stopHere(botId, reason === 'missing' && options.webhookMode() && (await switchedOff(botId))),
    stop,
    revoke,
    /** Shutdown, last step: starts in progress are not waited for long, running bots stop without losing their webhook. */
    async stopAll() {
      closing.abort();
      await restarts.stopAll(STARTING_WAIT_MS);
      const entries = [...running.values()];
      running.clear();
      await Promise.allSettled(entries.map((entry) => stopBotEntry(entry, false)));
      for (const entry of entries) options.flows.detach(entry.botId);
    },
  };
}

/** A bot this instance holds starts here: its entry made, Telegram asked who it is, then its updates received. */
async function startBot(
  options: LifecycleOptions, running: Map<string, BotEntry>, { botId, stopped }: { botId: string; stopped: AbortSignal },
  revoke: (botId: string, userId: string) => Promise<void>,
): Promise<void> {
  const { sql, logger, closing } = options;
  // The runtime closing or this bot stopped: either ends the start wherever it is.
  const signal = AbortSignal.any([closing.signal, stopped]);
  const row = await repo.findActiveBot(sql, botId);
  if (!row || closing.signal.aborted || running.has(botId) || !options.holds(botId)) return;
  const log = logger.child({ botId });
  const entry = createBotEntry({
    row, sql, logger: log, journal: options.journal, flows: options.flows, pixelOutbox: options.pixelOutbox, starsAccess: options.starsAccess, access: options.access, removalPace: options.removalPace, apiRoot: options.apiRoot, encryptionKey: options.encryptionKey,
    retry: options.retry,
    onUnauthorized: () => void revoke(botId, row.userId),
    channelsChanged: () => options.notify?.(row.userId, 'channels.changed', { botId }),
    funnelChanged: (funnelId) => options.notify?.(row.userId, 'funnels.changed', { funnelId }),
  });
  // grammY types its signals with the abort-controller shim; the platform's AbortSignal is what it really uses.
  const grammySignal = signal as GrammySignal;
  const abandon = async () => {
    // Stopped while Telegram was being asked (a slow or unreachable API): nothing of this start may go on running.
    if (closing.signal.aborted) return;
    await options.intake.close(botId);
    options.flows.detach(botId);
    await stopBotEntry(entry, false);
  };
  const unlessAborted = (error: unknown) => {
    if (!signal.aborted) throw error;
    return undefined;
  };
  await entry.bot.init(grammySignal).catch(unlessAborted);
  if (signal.aborted) return abandon();
  const mode = await options.intake.open(entry, log, grammySignal).catch(unlessAborted);
  if (!mode || signal.aborted) return abandon();
  running.set(botId, entry);
  log.info('bot iniciado', { mode });
}
