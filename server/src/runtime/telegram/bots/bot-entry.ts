/**
 * One running bot as the manager holds it: the grammY bot built for a stored bot row, its channel cache, the
 * abort signal that ends its retry waits, and what stopping must wait for. Kept apart from the manager so the
 * lifecycle policy there stays readable.
 */
import type { RunnerHandle } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { Sql } from '../../../db/client.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { AccessGate } from '../../../ports/access-gate.ts';
import { createMemberRemover, type MemberRemover, type RemovalPace } from '../outbound/member-remover.ts';
import type { PixelOutbox } from '../../../ports/pixel-outbox.ts';
import { noStarsAccess, type StarsAccess } from '../../../ports/stars-access.ts';
import type { ResilienceOptions, RetryTuning } from '../outbound/api-resilience.ts';
import { createChannelCache, type ChannelCache } from './channel-cache.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { FlowEngine } from '../../flow-engine/flow-engine.ts';
import { createProductBot } from './create-bot.ts';
import { createDirectSender, type DirectSender } from '../outbound/direct-send.ts';
import { createBroadcastSender, type BroadcastSender } from '../outbound/broadcast-send.ts';
import { loadChannelConfig, type RuntimeBotRow } from './runtime-repository.ts';

export type BotEntry = {
  botId: string;
  userId: string;
  bot: Bot;
  /** Inbox replies: unrecorded, 429-only retries (direct-send.ts). */
  send: DirectSender;
  /** Broadcast deliveries: no retries, every outcome classified (broadcast-send.ts). */
  broadcast: BroadcastSender;
  /** Paid access removals: paced per bot, 429 answered to the caller (member-remover.ts). */
  remove: MemberRemover;
  cache: ChannelCache;
  stop: AbortController;
  handle?: RunnerHandle;
  /** Set the moment Telegram answers 401, before the database knows: no restart for this bot. */
  state: { revoked: boolean };
};

export type EntryOptions = {
  row: RuntimeBotRow;
  sql: Sql;
  logger: Logger;
  journal: ContactJournal;
  flows: FlowEngine;
  pixelOutbox: PixelOutbox;
  starsAccess?: StarsAccess | undefined;
  access: AccessGate;
  removalPace?: RemovalPace | undefined;
  apiRoot: string;
  encryptionKey: Uint8Array;
  retry?: RetryTuning | undefined;
  onUnauthorized(): void;
  channelsChanged(): void;
  funnelChanged(funnelId: string): void;
};

export function createBotEntry(options: EntryOptions): BotEntry {
  const { row, sql } = options;
  const stop = new AbortController();
  const state = { revoked: false };
  const cache = createChannelCache((chatId) => loadChannelConfig(sql, row.id, chatId));
  const token = decryptSecret(row.tokenEncrypted, options.encryptionKey);
  const resilience: ResilienceOptions = {
    ...options.retry,
    stopSignal: stop.signal,
    onUnauthorized: () => {
      state.revoked = true;
      options.onUnauthorized();
    },
    onRetry: (method, reason, delayMs) => options.logger.warn('chamada ao Telegram repetida', { method, reason, delayMs }),
  };
  const remove = createMemberRemover(token, options.apiRoot, resilience.onUnauthorized, options.removalPace);
  const bot = createProductBot({
    token,
    apiRoot: options.apiRoot,
    botInfo: row.botInfo ?? undefined,
    deps: {
      botId: row.id, userId: row.userId, sql, logger: options.logger, journal: options.journal, channels: cache, flows: options.flows, pixelOutbox: options.pixelOutbox, starsAccess: options.starsAccess ?? noStarsAccess, access: options.access, removeMember: remove,
      channelsChanged: options.channelsChanged, funnelChanged: options.funnelChanged,
    },
    resilience,
  });
  const send = createDirectSender(token, options.apiRoot, resilience);
  const broadcast = createBroadcastSender(token, options.apiRoot, resilience.onUnauthorized);
  return { botId: row.id, userId: row.userId, bot, send, broadcast, remove, cache, stop, state };
}

/** Ends retry waits, stops fetching, and waits for the updates already in progress. */
export async function stopBotEntry(entry: BotEntry, deleteWebhook: boolean): Promise<void> {
  entry.stop.abort();
  await entry.handle?.stop();
  if (deleteWebhook) await entry.bot.api.deleteWebhook().catch(() => undefined);
}
