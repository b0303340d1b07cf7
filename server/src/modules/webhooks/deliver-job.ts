/**
 * The webhook.deliver job (docs/decisions.md#outgoing-webhooks): one per subscription and delivery generation, so a
 * burst of events becomes one job that sends them in order, while an event committed after a round started always
 * gets a job of its own.
 */
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';

export const webhookDeliverJob = jobKind('webhook.deliver', z.object({ webhookId: z.uuid() }));

/**
 * Deliveries run on a job worker of their own (server.ts): a drain holds its slot while it waits on the receivers,
 * one subscription each, so they neither queue behind the server's other jobs nor take those jobs' slots. A claim
 * every pollMs picks up a subscription's first event after a quiet spell; a live drain sends the next ones at once.
 */
export const WEBHOOK_WORKER = { concurrency: 16, pollMs: 100 };

/** A killed worker counts an attempt; the delivery rows, not the job, decide when to give up (24 h). */
const MAX_ATTEMPTS = 100;

export type RoundJob = { webhookId: string; userId: string; generation: string };

/** The jobs of these subscriptions' current generations (no-ops where they exist), one statement. */
export async function enqueueRounds(sql: Queryable, rounds: RoundJob[]): Promise<void> {
  await webhookDeliverJob.enqueueMany(sql, rounds.map((round) => ({
    payload: { webhookId: round.webhookId },
    options: { idempotencyKey: `${round.webhookId}:${round.generation}`, maxAttempts: MAX_ATTEMPTS, tenant: round.userId },
  })));
}

/** A round due at `at` (a backoff's end, a dead holder's lease end). */
export async function enqueueRoundAt(sql: Queryable, webhookId: string, userId: string, at: Date): Promise<void> {
  await webhookDeliverJob.enqueue(sql, { webhookId }, { idempotencyKey: `${webhookId}:at:${at.toISOString()}`, runAt: at, maxAttempts: MAX_ATTEMPTS, tenant: userId });
}
