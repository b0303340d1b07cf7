/**
 * The removal of a person whose access ended (docs/decisions.md#paid-access): one durable job per access and per
 * change that ended it, written in that change's transaction (idempotency key `<access>:<history line>`), so a
 * retried webhook or a second sweep adds nothing, and a later end after a renewal gets its own job. Scoped to the
 * bot (`bot:<id>`): it runs in the instance polling the bot, where that bot's removals share one pace.
 * A CANCELED access keeps what was paid for: its removal is due at access_until. The handler re-reads the access
 * and does nothing when it holds access again, so a renewal that lands before the removal keeps the member.
 */
import { z } from 'zod';
import { holdsAccess, type AccessStatus } from '@shared/access/texts.ts';
import type { Queryable } from '../../../db/client.ts';
import { jobKind, type EnqueueOptions } from '../../../jobs/queue.ts';

export const accessRemovalJob = jobKind('access.remove', z.object({ memberId: z.uuid(), userId: z.uuid() }));

/** 429s count as attempts: enough of them to outlast a long flood wait. */
const MAX_ATTEMPTS = 30;

export type EndedAccess = { id: string; userId: string; botId: string; telegramId: bigint | number | null; status: AccessStatus; accessUntil: Date | null };

/** The job's options for one ended access, or undefined when nobody is to be removed (yet: a holding access). */
export function removalOptions(access: EndedAccess, eventId: string, now = new Date()): EnqueueOptions | undefined {
  if (access.telegramId === null) return undefined;
  let runAt: Date | undefined;
  if (holdsAccess(access.status, access.accessUntil, now)) {
    if (access.status !== 'CANCELED' || access.accessUntil === null) return undefined;
    runAt = access.accessUntil;
  }
  // The scope the bot runtime holds for a bot it runs (runtime/flow-engine/resume-job.ts botScope).
  return { idempotencyKey: `${access.id}:${eventId}`, scope: `bot:${access.botId}`, tenant: access.userId, maxAttempts: MAX_ATTEMPTS, runAt };
}

/** In the caller's transaction, beside the change itself. */
export async function scheduleRemoval(sql: Queryable, access: EndedAccess, eventId: string): Promise<void> {
  const options = removalOptions(access, eventId);
  if (options) await accessRemovalJob.enqueue(sql, { memberId: access.id, userId: access.userId }, options);
}
