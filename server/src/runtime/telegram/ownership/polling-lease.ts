/**
 * Which bots this instance runs (docs/decisions.md#scale-out): long-polls, or in webhook mode takes the queued
 * updates of (docs/decisions.md#webhook-queue) and sets the webhook for. Every instance on the database runs one:
 * - a heartbeat (every `tickMs`) extends the instance row and its leases; a bot it runs whose lease is missing
 *   (switched off, deleted, or taken after the lease ran out) is dropped here;
 * - then it claims up to its fair share, ceil(active bots / live instances), of the bots nobody holds
 *   (`FOR UPDATE SKIP LOCKED`), or gives back what it holds above that share so a new instance gets work;
 * - a change event (a bot switched on/off, added, deleted, a lease released, a 409) runs a round at once.
 * An instance killed without warning stops renewing: its leases run out after `leaseMs` and the others claim
 * them at their next round, so a bot is silent for at most leaseMs + tickMs (20 s by default).
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import { createLeaseRound, serialRounds } from './lease-round.ts';
import * as repo from './polling-lease-repository.ts';
import type { PollingClaim } from './polling-lease-repository.ts';

export const DEFAULT_LEASE_MS = 15_000;
export const DEFAULT_TICK_MS = 5_000;
/** Shutdown: how long the batches in hand may take before the leases go back regardless. */
const STOP_WAIT_MS = 4_000;

export type PollingLeaseOptions = {
  sql: Sql;
  logger: Logger;
  leaseMs?: number | undefined;
  tickMs?: number | undefined;
  /** INSTANCE_ID, recorded on this run's instance row: its next run takes these leases over at once. */
  identity?: string | undefined;
  /** Starts polling a bot this instance just claimed; a throw gives the lease back. */
  acquired(claim: PollingClaim & { startOffset: number | undefined }): Promise<void>;
  /**
   * Stops a bot here; nothing about its lease. `missing`: the heartbeat found the lease gone (the bot switched off or
   * deleted, or the lease taken after it ran out); `handover`: given up (fair share, shutdown), the bot stays on.
   */
  dropped(botId: string, reason: 'missing' | 'handover'): Promise<void>;
  /** Tells the other instances that leases changed hands (a release): they run a round at once. */
  announce(): void;
};

export type PollingLease = ReturnType<typeof createPollingLease>;

export function createPollingLease(options: PollingLeaseOptions) {
  const { sql, logger } = options;
  const instanceId = randomUUID();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const held = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  let leaving: Promise<void> | undefined;

  const rounds = serialRounds(createLeaseRound({ sql, logger, instanceId, leaseMs, held, options, stopped: () => stopped }), logger, () => stopped);
  const run = rounds.run;

  return {
    instanceId,
    /** First round (awaited: a lone instance starts all its bots before serving), then one every tickMs. */
    async start() {
      logger.info('instância de polling iniciada', { instanceId, identity: options.identity, leaseMs, tickMs });
      await run();
      timer ??= setInterval(() => void run(), tickMs);
    },
    /** A round now (a change event, a 409). */
    poke: () => run(),
    /** The API switched this bot on here: claim it now if nobody holds it. */
    claim: (botId: string) => run(botId),
    /** This instance stops the bot (switched off here): the lease goes back at once. */
    async release(botId: string) {
      if (!held.delete(botId)) return;
      await repo.releaseBots(sql, instanceId, [botId]);
      options.announce();
    },
    /** The poller found its lease taken: forget the bot without releasing anything. */
    lost: (botId: string) => void held.delete(botId),
    holds: (botId: string) => held.has(botId),
    /** Shutdown: no more rounds; every bot stopped here, then every lease given back in one statement. */
    stop(): Promise<void> {
      leaving ??= (async () => {
        stopped = true;
        clearInterval(timer);
        // A round may be starting a bot on an unreachable Telegram (getMe waits for minutes): not waited for past
        // STOP_WAIT_MS; the manager, closed by then, keeps such a start from registering when it ends.
        await Promise.race([rounds.current(), Bun.sleep(STOP_WAIT_MS)]);
        const bots = [...held];
        held.clear();
        // A batch still running after STOP_WAIT_MS is left to finish on its own: the lease goes back anyway, and the
        // next owner redoes its updates that have no receipt yet (their replies may go out twice; nothing is lost).
        await Promise.race([Promise.allSettled(bots.map((botId) => options.dropped(botId, 'handover'))), Bun.sleep(STOP_WAIT_MS)]);
        await repo.leave(sql, instanceId).catch((error: unknown) => logger.error('falha ao devolver a posse dos bots', { error }));
        options.announce();
      })();
      return leaving;
    },
  };
}
