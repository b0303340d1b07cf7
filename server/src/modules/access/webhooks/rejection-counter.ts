/**
 * The plans' refused-delivery counters ("webhooks não processados" on the plan's card), written behind: the public
 * URL answers anyone, and a stranger hammering it with bad signatures must not cost one UPDATE of the plan's row per
 * request. Refusals are added up here and written once per `everyMs` for every plan refused meanwhile (one
 * statement); the card is at most that late, and a process that dies loses at most that interval's count (a hint for
 * the operator, not a ledger). Several instances each add their own counts: the column only ever grows by them.
 */
import type { Queryable } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import * as repo from './repository.ts';

export type RejectionCounter = {
  /** One refused delivery of the plan, written with the next batch. */
  add(planId: string): void;
  /** Writes what is pending now instead of at the interval's end (tests); resolves once written or failed. */
  flush(): Promise<void>;
};

const DEFAULT_EVERY_MS = 1_000;

export function rejectionCounter(sql: Queryable, logger: Logger, everyMs = DEFAULT_EVERY_MS): RejectionCounter {
  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    await repo.countRejected(sql, batch).catch((error: unknown) => {
      // Kept for the next batch: the database may be back by then.
      for (const [planId, count] of batch) pending.set(planId, (pending.get(planId) ?? 0) + count);
      logger.error('falha ao contar webhooks recusados', { error, plans: batch.size });
      schedule();
    });
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => void flush(), everyMs);
    timer.unref?.();
  }

  return {
    add(planId) {
      pending.set(planId, (pending.get(planId) ?? 0) + 1);
      schedule();
    },
    flush,
  };
}
