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
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { Sql } from '../../db/client.ts';
import { failureStreak } from '../../lib/failure-streak.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import type { EngineParts } from './bot-loop-state.ts';
import { runBotLoop } from './bot-loop.ts';
import * as repo from './delivery-repository.ts';
import { createBotWindows } from './rate-window.ts';

export type BroadcastEngineOptions = {
  sql: Sql;
  logger: Logger;
  runtime: BotRuntime;
  media?: MediaStore | undefined;
  /** How long a claim lasts (default 30 s); a send that has not answered by then is given up as uncertain. */
  leaseMs?: number;
  /** INSTANCE_ID, recorded on every claim: this instance's next run fails its claims at once (docs/decisions.md#broadcast-delivery). */
  instanceId?: string;
  pollMs?: number;
  /** Attempts for failures that certainly did not reach Telegram (connection refused) before failing. */
  maxAttempts?: number;
};

export type BroadcastEngine = ReturnType<typeof createBroadcastEngine>;

export function createBroadcastEngine(options: BroadcastEngineOptions) {
  const { sql, logger } = options;
  const loops = new Map<string, Promise<void>>();
  const windows = createBotWindows();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping = false;
  let startedAt = Date.now();
  const pollFailures = failureStreak(logger, 'falha ao buscar broadcasts em envio');
  const engine: EngineParts = {
    sql, logger, runtime: options.runtime, media: options.media,
    leaseMs: options.leaseMs ?? 30_000, instanceId: options.instanceId ?? null, maxAttempts: options.maxAttempts ?? 5, stopping: () => stopping,
  };

  const sweepAbandoned = abandonedSweeper(engine);

  async function tick() {
    if (stopping) return;
    try {
      await sweepAbandoned();
      for (const { botId, rate } of await repo.sendingBots(sql)) {
        windows.setRate(botId, rate);
        if (loops.has(botId) || !options.runtime.isRunning(botId)) continue;
        const loop = runBotLoop(engine, botId, windows.of(botId, rate, startedAt))
          .catch((error: unknown) => logger.error('falha no envio de broadcast', { botId, error }))
          .finally(() => loops.delete(botId));
        loops.set(botId, loop);
      }
      pollFailures.succeeded();
    } catch (error) {
      pollFailures.failed(error);
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

/** Claims whose lease ran out (their process died) are failed as uncertain, a few times a lease. */
function abandonedSweeper(engine: EngineParts) {
  let lastSweep = 0;
  return async () => {
    if (Date.now() - lastSweep <= Math.min(engine.leaseMs, 5000)) return;
    lastSweep = Date.now();
    const failed = await repo.failAbandoned(engine.sql, BROADCAST_TEXTS.reasonUncertain);
    if (failed > 0) engine.logger.warn('destinatários com envio interrompido marcados como incertos', { failed });
  };
}
