/**
 * Telegram's POSTs written to the webhook queue (docs/decisions.md#webhook-queue), with group commit: the first
 * arrival is written at once; those arriving while that insert runs go together in the next one (one statement for
 * many requests under load, no added wait when idle). Each request is answered when the statement carrying its
 * update committed; the primary key (bot_id, update_id) drops re-sends.
 */
import type { Update } from 'grammy/types';
import type { Sql } from '../../../db/client.ts';
import * as repo from './webhook-queue-repository.ts';
import type { Arrival, EnqueueOutcome } from './webhook-queue-repository.ts';

/** At most this many arrivals share one insert. */
const GROUP_LIMIT = 500;

type Pending = { arrival: Arrival; resolve(outcome: EnqueueOutcome): void; reject(error: unknown): void };

/** `accepted`: a bot got a new update (once per group). */
export function createArrivalWriter(sql: Sql, accepted: (botId: string) => void) {
  let pending: Pending[] = [];
  let writing = false;

  /** One row per (bot, update_id); the same update twice in a group: the second is its duplicate. */
  function byUpdate(group: Pending[]): Pending[][] {
    const byKey = new Map<string, Pending[]>();
    for (const item of group) {
      const key = `${item.arrival.botId}:${item.arrival.update.update_id}`;
      byKey.set(key, [...(byKey.get(key) ?? []), item]);
    }
    return [...byKey.values()];
  }

  async function writeGroup(group: Pending[]) {
    const unique = byUpdate(group);
    try {
      const outcomes = await repo.enqueueUpdates(sql, unique.flatMap(([first]) => (first ? [first.arrival] : [])));
      const woken = new Set<string>();
      unique.forEach(([first, ...again], index) => {
        const outcome = outcomes[index] ?? 'not-running';
        first?.resolve(outcome);
        for (const item of again) item.resolve(outcome === 'accepted' ? 'duplicate' : outcome);
        if (outcome === 'accepted' && first) woken.add(first.arrival.botId);
      });
      for (const botId of woken) accepted(botId);
    } catch (error) {
      for (const item of group) item.reject(error);
    }
  }

  async function write() {
    writing = true;
    while (pending.length > 0) {
      const group = pending.slice(0, GROUP_LIMIT);
      pending = pending.slice(GROUP_LIMIT);
      await writeGroup(group);
    }
    writing = false;
  }

  return {
    enqueue(botId: string, update: Update): Promise<EnqueueOutcome> {
      return new Promise((resolve, reject) => {
        pending.push({ arrival: { botId, update }, resolve, reject });
        if (!writing) void write();
      });
    },
  };
}
