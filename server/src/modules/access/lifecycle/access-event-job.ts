/**
 * An access event that starts the bot's "Acesso pago" flows (docs/product.md#acessos): one durable job per access,
 * event and cause, written in the transaction of the change that caused it (idempotency key
 * `<access>:<event>:<cause>`: a retried webhook or a second sweep adds nothing), so a crash neither loses nor
 * doubles it. Scoped to the bot (`bot:<id>`, as the removal job): it runs in the instance running the bot. An access
 * without a Telegram account fires nothing: there is no chat to write to.
 */
import { z } from 'zod';
import { ACCESS_EVENTS, type AccessEvent } from '@shared/flows/access-events.ts';
import type { Queryable } from '../../../db/client.ts';
import { jobKind } from '../../../jobs/queue.ts';

export const accessEventJob = jobKind('access.event', z.object({
  memberId: z.uuid(),
  userId: z.uuid(),
  event: z.enum(ACCESS_EVENTS),
  /** When it happened (ISO): an event the bot could not run for a day is dropped. */
  at: z.string(),
  /** A reminder's access_until (ISO): a renewal meanwhile makes it moot. */
  accessUntil: z.string().optional(),
}));

const ATTEMPTS = 3;

export type EventAccess = { id: string; userId: string; botId: string; telegramId: bigint | number | null };

export type AccessEventInput = { access: EventAccess; event: AccessEvent; cause: string; accessUntil?: Date | undefined };

/** In the caller's transaction; nothing for an access without a Telegram account. */
export async function enqueueAccessEvents(sql: Queryable, events: AccessEventInput[]): Promise<void> {
  const at = new Date().toISOString();
  const jobs = events.filter(({ access }) => access.telegramId !== null).map(({ access, event, cause, accessUntil }) => ({
    payload: { memberId: access.id, userId: access.userId, event, at, ...(accessUntil ? { accessUntil: accessUntil.toISOString() } : {}) },
    // The scope the bot runtime holds for a bot it runs (runtime/flow-engine/resume-job.ts botScope).
    options: { idempotencyKey: `${access.id}:${event}:${cause}`, scope: `bot:${access.botId}`, tenant: access.userId, maxAttempts: ATTEMPTS },
  }));
  if (jobs.length > 0) await accessEventJob.enqueueMany(sql, jobs);
}
