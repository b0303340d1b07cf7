/**
 * One round of the polling lease (docs/decisions.md#scale-out): the heartbeat extends this instance's leases and
 * drops the bots whose lease went missing; then the instance gives back what it holds above its fair share, or
 * claims up to that share of the bots nobody holds.
 */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { PollingLeaseOptions } from './polling-lease.ts';
import * as repo from './polling-lease-repository.ts';
import type { PollingClaim } from './polling-lease-repository.ts';

/** Telegram starts update ids afresh after a week without updates: an older offset could skip the new ones. */
const OFFSET_TRUST_MS = 6 * 24 * 60 * 60_000;

export type LeaseRoundContext = {
  sql: Sql;
  logger: Logger;
  instanceId: string;
  leaseMs: number;
  /** The bots this instance holds, changed by the round. */
  held: Set<string>;
  options: Pick<PollingLeaseOptions, 'acquired' | 'dropped' | 'announce' | 'identity'>;
  stopped(): boolean;
};

/** `onlyBotId`: the API switched this bot on here; the round claims it alone, with room to spare. */
export function createLeaseRound(context: LeaseRoundContext): (onlyBotId?: string) => Promise<void> {
  const { sql, logger, instanceId, leaseMs, held, options } = context;

  async function acquire(claims: PollingClaim[]) {
    for (let index = 0; index < claims.length; index += 8) {
      await Promise.all(claims.slice(index, index + 8).map(async (claim) => {
        held.add(claim.botId);
        // Updates the previous owner fetched and never receipted are still at Telegram (not confirmed): polling from
        // next_offset gets them again and the poller redoes them, skipping the receipted ones (done_ids).
        if (claim.doneIds.length > 0) {
          logger.info('retomando updates da instância anterior; os com recibo não são repetidos', {
            botId: claim.botId, fromUpdateId: claim.nextOffset, receipted: claim.doneIds.length,
          });
        }
        const startOffset = claim.nextOffset <= 1 || claim.offsetAgeMs > OFFSET_TRUST_MS ? undefined : claim.nextOffset;
        try {
          await options.acquired({ ...claim, startOffset });
        } catch (error) {
          logger.error('falha ao iniciar o recebimento de um bot reivindicado; posse devolvida', { botId: claim.botId, error });
          held.delete(claim.botId);
          await repo.releaseBots(sql, instanceId, [claim.botId]);
        }
      }));
    }
  }

  async function round(onlyBotId?: string) {
    const stillHeld = await repo.heartbeat(sql, instanceId, leaseMs, options.identity ?? null);
    const missing = [...held].filter((botId) => !stillHeld.has(botId));
    for (const botId of missing) {
      held.delete(botId);
      await options.dropped(botId, 'missing');
    }
    if (missing.length > 0) {
      // A switched-off bot's lease goes back only now that it stopped here (fenced: one taken meanwhile stays taken).
      await repo.releaseBots(sql, instanceId, missing);
      options.announce();
    }
    if (context.stopped()) return;
    const { instances, bots } = await repo.census(sql);
    const share = Math.ceil(bots / Math.max(1, instances));
    if (held.size > share) {
      const excess = [...held].slice(share);
      logger.info('cedendo bots para outras instâncias', { count: excess.length, share, instances });
      for (const botId of excess) {
        held.delete(botId);
        await options.dropped(botId, 'handover');
      }
      await repo.releaseBots(sql, instanceId, excess);
      options.announce();
      return;
    }
    // A bot the API just switched on is claimed here only with room to spare; else an instance with room claims it
    // when it hears the change (the bots table's trigger), as it would for a bot switched on elsewhere.
    const room = share - held.size;
    await acquire(await repo.claimBots(sql, { instanceId, leaseMs, limit: onlyBotId ? Math.min(1, room) : room, onlyBotId }));
  }

  return round;
}

/** One round at a time; a request during a round asks for one more right after it (a round for one bot runs after). */
export function serialRounds(round: (onlyBotId?: string) => Promise<void>, logger: Logger, stopped: () => boolean) {
  let current: Promise<void> | undefined;
  let again = false;
  function run(onlyBotId?: string): Promise<void> {
    if (stopped()) return Promise.resolve();
    if (current && !onlyBotId) {
      again = true;
      return current;
    }
    const previous = current ?? Promise.resolve();
    const next: Promise<void> = previous.then(async () => {
      do {
        again = false;
        await round(onlyBotId).catch((error: unknown) => logger.error('falha na rodada de posse dos bots', { error }));
        onlyBotId = undefined;
      } while (again && !stopped());
    }).finally(() => {
      if (current === next) current = undefined;
    });
    current = next;
    return next;
  }
  return { run, current: () => current };
}
