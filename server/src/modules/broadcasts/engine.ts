/**
 * The broadcast delivery engine (docs/decisions.md#broadcast-delivery). One per process. Every 500 ms it looks for
 * bots with SENDING broadcasts that run in this process and keeps one sender loop per such bot:
 *   wait for a rate slot → claim a few recipients ('sending', lease) → send each → record the outcome (the statement
 *   that ends the claim, batched every ~20 ms).
 * Rate: a per-bot sliding window (the way Telegram and the emulator count) of `broadcast_rate` messages a second,
 * shared by all the bot's broadcasts; one message a second per chat; a 429 pauses the bot for its retry_after. A bot's
 * first window in a process starts full (paused one window from the engine's start): a process that died just
 * before may have filled Telegram's.
 * A claim whose lease ran out (the process died) is failed "resultado incerto", never sent again.
 */
import { failureStreak } from '../../lib/failure-streak.ts';
import { broadcastUploadedMediaId } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime, BroadcastOutgoing, BroadcastSendResult } from '../../runtime/telegram/bot-runtime.ts';
import type { MediaStore } from '../media/media-store.ts';
import * as repo from './delivery-repository.ts';

export type BroadcastEngineOptions = {
  sql: Sql;
  logger: Logger;
  runtime: BotRuntime;
  media?: MediaStore | undefined;
  /** How long a claim lasts (default 30 s); a send that has not answered by then is given up as uncertain. */
  leaseMs?: number;
  pollMs?: number;
  /** Attempts for failures that certainly did not reach Telegram (connection refused) before failing. */
  maxAttempts?: number;
};

export type BroadcastEngine = ReturnType<typeof createBroadcastEngine>;

/**
 * A sliding one-second window stamped when a send is dispatched. Telegram counts when a message arrives, which is
 * later by the time the send takes to leave (reading the content, the request itself): the window is widened by
 * the recent worst of that delay, so the 31st message can never arrive within a second of the 1st.
 */
export class RateWindow {
  private stamps: number[] = [];
  private head = 0;
  private pausedUntil = 0;
  private delayMs = 25;
  constructor(public rate: number) {}

  private get spanMs() {
    return 1000 + this.delayMs;
  }

  /** A send dispatched `ms` ago has been answered: a decaying maximum of that delay widens the window. */
  observe(ms: number) {
    this.delayMs = Math.min(250, Math.max(10, ms, this.delayMs * 0.98));
  }

  /** ms to wait before the next send may start (0: now). */
  waitMs(now: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) <= now - this.spanMs) this.head++;
    if (this.head > 4096) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
    const inWindow = this.stamps.length - this.head;
    if (inWindow < this.rate) return 0;
    const oldest = this.stamps[this.stamps.length - this.rate] ?? now;
    return Math.max(1, oldest + this.spanMs - now);
  }

  take(now: number) {
    this.stamps.push(now);
  }

  pause(untilMs: number) {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  /**
   * Taken as full until one window after `sinceMs`: Telegram still counts the sends a process that died (or stopped)
   * just before `sinceMs` made for this bot, and an empty window would burst into its 429s.
   */
  fullSince(sinceMs: number) {
    this.pause(sinceMs + this.spanMs);
  }
}

const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];

export function createBroadcastEngine(options: BroadcastEngineOptions) {
  const { sql, logger, runtime } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const loops = new Map<string, Promise<void>>();
  const windows = new Map<string, RateWindow>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastSweep = 0;
  let stopping = false;
  let startedAt = Date.now();
  const pollFailures = failureStreak(logger, 'falha ao buscar broadcasts em envio');

  async function tick() {
    if (stopping) return;
    try {
      if (Date.now() - lastSweep > Math.min(leaseMs, 5000)) {
        lastSweep = Date.now();
        const failed = await repo.failAbandoned(sql, BROADCAST_TEXTS.reasonUncertain);
        if (failed > 0) logger.warn('destinatários com envio interrompido marcados como incertos', { failed });
      }
      for (const { botId, rate } of await repo.sendingBots(sql)) {
        // A changed bots.broadcast_rate applies from the next poll, also to a loop already sending.
        const current = windows.get(botId);
        if (current) current.rate = rate;
        if (loops.has(botId) || !runtime.isRunning(botId)) continue;
        let window = windows.get(botId);
        if (!window) {
          // The first window of a bot in this process: what a previous process sent is unknown here, so it starts full.
          window = new RateWindow(rate);
          window.fullSince(startedAt);
        }
        window.rate = rate;
        windows.set(botId, window);
        const loop = runBot(botId, window)
          .catch((error: unknown) => logger.error('falha no envio de broadcast', { botId, error }))
          .finally(() => loops.delete(botId));
        loops.set(botId, loop);
      }
      pollFailures.succeeded();
    } catch (error) {
      pollFailures.failed(error);
    }
  }

  async function runBot(botId: string, window: RateWindow) {
    const token = crypto.randomUUID();
    const contents = new Map<string, Promise<repo.DeliveryContent | undefined>>();
    const lastByChat = new Map<bigint, number>();
    const pending: repo.Outcome[] = [];
    const blocked: string[] = [];
    const inFlight = new Set<Promise<void>>();
    let queue: repo.ClaimedRecipient[] = [];
    let flushing: Promise<void> | undefined;
    let revoked = false;
    /** ≤ 0.2 s of sending per claim, following the rate as it changes. */
    const batch = () => Math.max(1, Math.min(100, Math.ceil(window.rate / 5)));

    /** Set while outcomes could not be written: the loop stops claiming until they are. */
    let flushFailed = false;
    const flush = async () => {
      while (pending.length > 0 || blocked.length > 0) {
        const outcomes = pending.splice(0, 1000);
        const contacts = blocked.splice(0, 1000);
        try {
          await repo.markContactsBlocked(sql, contacts);
          await repo.recordOutcomes(sql, token, outcomes);
        } catch (error) {
          // Kept for the next try; if this process dies first, their leases run out and they become uncertain.
          pending.unshift(...outcomes);
          blocked.unshift(...contacts);
          flushFailed = true;
          throw error;
        }
      }
      flushFailed = false;
    };
    const scheduleFlush = () => {
      // A write that fails must not become an unhandled rejection (it would end the whole server).
      flushing ??= Bun.sleep(20)
        .then(flush)
        .catch((error: unknown) => logger.error('falha ao gravar resultados de broadcast', { botId, error }))
        .finally(() => (flushing = undefined));
    };
    const record = (outcome: repo.Outcome) => {
      pending.push(outcome);
      scheduleFlush();
    };
    const back = (recipient: repo.ClaimedRecipient, delayMs = 0, uncount = true) =>
      record({ broadcastId: recipient.broadcastId, telegramId: recipient.telegramId, status: 'pending', reason: null, messageId: null, retryable: false, delayMs, uncount });

    const content = (broadcastId: string) => {
      let loaded = contents.get(broadcastId);
      if (!loaded) {
        loaded = repo.loadContent(sql, broadcastId);
        contents.set(broadcastId, loaded);
      }
      return loaded;
    };
    /** While a broadcast's media has no file_id yet, its first send uploads it and the others wait for that. */
    const uploads = new Map<string, Promise<void>>();

    async function outgoing(recipient: repo.ClaimedRecipient, row: repo.DeliveryContent): Promise<BroadcastOutgoing | string> {
      const base = { chatId: Number(recipient.telegramId), buttons: row.buttons, signal: AbortSignal.timeout(Math.max(1000, leaseMs - 5000)) };
      if (!row.mediaType || !row.mediaUrl) return { ...base, text: row.message };
      const text = row.caption ?? '';
      if (row.mediaFileId) return { ...base, text, media: { type: row.mediaType, fileId: row.mediaFileId } };
      const uploadedId = broadcastUploadedMediaId(row.mediaUrl);
      if (!uploadedId) return { ...base, text, media: { type: row.mediaType, url: row.mediaUrl } };
      const stored = await options.media?.find(row.userId, uploadedId);
      if (!stored) return BROADCAST_TEXTS.reasonMediaUnavailable;
      return { ...base, text, media: { type: row.mediaType, upload: { path: stored.path, fileName: stored.fileName } } };
    }

    async function deliver(recipient: repo.ClaimedRecipient, dispatchedAt: number) {
      const row = await content(recipient.broadcastId);
      if (!row) return back(recipient);
      const firstUpload = row.mediaType && !row.mediaFileId ? uploads.get(row.id) : undefined;
      if (firstUpload) await firstUpload;
      const message = await outgoing(recipient, row);
      if (typeof message === 'string') {
        return record({ ...recipient, status: 'failed', reason: message, messageId: null, retryable: true, delayMs: 0, uncount: false });
      }
      let done: () => void = () => {};
      if (message.media && !message.media.fileId) uploads.set(row.id, new Promise<void>((resolve) => (done = resolve)));
      try {
        const result = await runtime.sendBroadcast(botId, message);
        window.observe(Date.now() - dispatchedAt);
        if (result.ok && result.fileId && message.media && !message.media.fileId) {
          row.mediaFileId = result.fileId;
          await repo.saveFileId(sql, row.id, result.fileId);
        }
        if (!result.ok && result.kind === 'file-id-refused') {
          row.mediaFileId = null;
          await repo.saveFileId(sql, row.id, null);
          return back(recipient);
        }
        handle(recipient, result);
      } finally {
        if (message.media && !message.media.fileId) {
          uploads.delete(row.id);
          done();
        }
      }
    }

    function handle(recipient: repo.ClaimedRecipient, result: BroadcastSendResult) {
      const failed = (reason: string, retryable = false) =>
        record({ broadcastId: recipient.broadcastId, telegramId: recipient.telegramId, status: 'failed', reason, messageId: null, retryable, delayMs: 0, uncount: false });
      if (result.ok) return record({ ...recipient, status: 'sent', reason: null, messageId: result.messageId, retryable: false, delayMs: 0, uncount: false });
      switch (result.kind) {
        case 'rate':
          window.pause(Date.now() + result.retryAfter * 1000);
          // Not delivered: its chat's one-a-second slot is free again (else the retry would wait outside the window).
          lastByChat.delete(recipient.telegramId);
          logger.warn('429 do Telegram: envio do bot pausado', { botId, retryAfter: result.retryAfter });
          return back(recipient);
        case 'blocked':
        case 'deactivated':
        case 'cant-initiate':
          if (recipient.contactId && result.kind !== 'cant-initiate') blocked.push(recipient.contactId);
          return failed(result.kind === 'blocked' ? BROADCAST_TEXTS.reasonBlocked : result.kind === 'deactivated' ? BROADCAST_TEXTS.reasonDeactivated : BROADCAST_TEXTS.reasonCantInitiate);
        case 'chat-not-found':
          return failed(BROADCAST_TEXTS.reasonChatNotFound);
        case 'refused':
        case 'file-id-refused':
          return failed(result.description.slice(0, 500));
        case 'unauthorized':
          revoked = true;
          return back(recipient);
        case 'not-running':
          return back(recipient, 1000);
        case 'not-sent':
          // The request never left: safe to try again later, a few times (the failure stays retryable by "send again").
          if (recipient.attempts >= maxAttempts) return failed(BROADCAST_TEXTS.reasonNetwork, true);
          return back(recipient, BACKOFF_MS[Math.min(BACKOFF_MS.length - 1, recipient.attempts - 1)] ?? 1000, false);
        case 'uncertain':
          return failed(BROADCAST_TEXTS.reasonUncertain);
      }
    }

    try {
      while (!stopping && !revoked && runtime.isRunning(botId)) {
        if (flushFailed) {
          await Bun.sleep(1000);
          scheduleFlush();
          await flushing;
          continue;
        }
        const wait = window.waitMs(Date.now());
        if (wait > 0) {
          await Bun.sleep(Math.min(wait, 200));
          continue;
        }
        if (queue.length === 0) {
          await flushing;
          queue = await repo.claimRecipients(sql, botId, batch(), token, leaseMs);
          if (queue.length === 0) {
            await Promise.allSettled([...inFlight]);
            await flushing;
            await flush();
            await repo.finishDone(sql, botId, BROADCAST_TEXTS.noneSent);
            const again = await repo.claimRecipients(sql, botId, batch(), token, leaseMs);
            if (again.length === 0) {
              if (!(await repo.sendingBots(sql)).some((bot) => bot.botId === botId)) return;
              await Bun.sleep(250);
              continue;
            }
            queue = again;
          }
        }
        const recipient = queue.shift();
        if (!recipient) continue;
        const last = lastByChat.get(recipient.telegramId);
        const now = Date.now();
        window.take(now);
        lastByChat.set(recipient.telegramId, now);
        if (lastByChat.size > 100_000) lastByChat.clear();
        const chatWait = last === undefined ? 0 : Math.max(0, last + 1000 - now);
        const task = (chatWait > 0 ? Bun.sleep(chatWait) : Promise.resolve())
          .then(() => deliver(recipient, now + chatWait))
          .catch((error: unknown) => {
            logger.error('falha ao enviar broadcast', { botId, error });
            record({ ...recipient, status: 'failed', reason: BROADCAST_TEXTS.reasonUncertain, messageId: null, retryable: false, delayMs: 0, uncount: false });
          })
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
        // A 429 paused the bot: what is claimed but not sent goes back rather than waiting under its lease.
        if (window.waitMs(Date.now()) > 1000 && queue.length > 0) {
          for (const left of queue.splice(0)) back(left);
        }
      }
    } finally {
      for (const left of queue.splice(0)) back(left);
      await Promise.allSettled([...inFlight]);
      await flushing;
      await flush();
      if (revoked) await repo.failBotBroadcasts(sql, botId, BROADCAST_TEXTS.tokenRevoked);
    }
  }

  return {
    start() {
      stopping = false;
      startedAt = Date.now();
      timer ??= setInterval(() => void tick(), options.pollMs ?? 500);
      void tick();
    },
    /** Ends the loops: sends in flight finish and are recorded, claimed-but-unsent recipients go back to pending. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...loops.values()]);
    },
    poke: () => tick(),
  };
}
