/**
 * The statements of delivering a subscription's events (docs/decisions.md#outgoing-webhooks). One job at a time
 * drains a subscription: it holds the subscription (drain_job_id, drain_token) while its own job lease is alive, so
 * a killed worker's hold ends with its lease, and sends the oldest unfinished deliveries in runs (claimed together,
 * POSTed one after the other, recorded together): one delivery in flight per subscription, in seq order.
 */
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export type Round = {
  acquired: boolean;
  userId: string;
  url: string;
  secretEncrypted: string;
  /** False when the operator disabled it or the server paused it: nothing is sent. */
  sending: boolean;
};

/**
 * Starts a round: bumps the generation (waiting for emitters still committing events under the old one), and takes
 * the hold unless another live job has it. In the caller's transaction. Undefined when the subscription is gone.
 */
export async function beginRound(sql: Queryable, webhookId: string, job: { id: string; leaseToken: string }): Promise<Round | undefined> {
  const [row] = await sql<(Omit<Round, 'acquired'> & { busy: boolean })[]>`
    select s.user_id as "userId", s.url, s.secret_encrypted as "secretEncrypted", s.enabled and s.paused_at is null as sending,
      exists (select 1 from jobs j where j.id = s.drain_job_id and j.id <> ${job.id} and j.status = 'running'
              and j.lease_token = s.drain_token and j.lease_expires_at > now()) as busy
    from webhook_subscriptions s where s.id = ${webhookId}
    for no key update`;
  if (!row) return undefined;
  const { busy, ...round } = row;
  await sql`
    update webhook_subscriptions set outbox_generation = outbox_generation + 1,
      drain_job_id = case when ${busy} then drain_job_id else ${job.id}::uuid end,
      drain_token = case when ${busy} then drain_token else ${job.leaseToken}::uuid end
    where id = ${webhookId}`;
  return { ...round, acquired: !busy };
}

/** The oldest finished deliveries past the log's keeping time, a bounded batch per round (the log is a transient copy). */
export async function pruneLog(sql: Queryable, webhookId: string, keepMs: number): Promise<void> {
  await sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries where webhook_id = ${webhookId} order by seq limit 500)
    and status in ('delivered', 'failed') and created_at < now() - ${keepMs}::bigint * interval '1 millisecond'`;
}

export async function endRound(sql: Queryable, webhookId: string, jobId: string): Promise<void> {
  await sql`update webhook_subscriptions set drain_job_id = null, drain_token = null where id = ${webhookId} and drain_job_id = ${jobId}`;
}

export async function hasUnfinished(sql: Queryable, webhookId: string): Promise<boolean> {
  const rows = await sql`select 1 from webhook_deliveries where webhook_id = ${webhookId} and status in ('pending', 'sending') limit 1`;
  return rows.length > 0;
}

export type ClaimedDelivery = { id: string; seq: bigint; eventId: string; type: string; body: string; attempts: number };

/**
 * The subscription's oldest unfinished deliveries, up to `limit`, now 'sending', in seq order: the run stops before
 * the first one still in a backoff (order: nothing passes a delivery that waits). One left 'sending' by a killed
 * worker is sent again (at least once). Each one's 24 h of retries count from its first attempt. `waitUntil`: the
 * head itself is in a backoff until then.
 */
export async function claimRun(sql: Queryable, webhookId: string, retryWindowMs: number, limit: number): Promise<ClaimedDelivery[] | { waitUntil: Date } | undefined> {
  const claimed = await sql<ClaimedDelivery[]>`
    with run as (
      select id, bool_and(status = 'sending' or next_attempt_at <= now()) over (order by seq) as ready
      from (select id, seq, status, next_attempt_at from webhook_deliveries
            where webhook_id = ${webhookId} and status in ('pending', 'sending') order by seq limit ${limit}) oldest)
    update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1,
      give_up_at = coalesce(d.give_up_at, now() + ${retryWindowMs}::bigint * interval '1 millisecond')
    from run where d.id = run.id and run.ready
    returning d.id, d.seq, d.event_id as "eventId", d.type, d.body, d.attempts`;
  if (claimed.length > 0) return [...claimed].sort((a, b) => (a.seq < b.seq ? -1 : 1));
  const [waiting] = await sql<{ at: Date }[]>`
    select next_attempt_at as at from webhook_deliveries
    where webhook_id = ${webhookId} and status in ('pending', 'sending') order by seq limit 1`;
  return waiting ? { waitUntil: waiting.at } : undefined;
}

/** Claimed but not sent (the run stopped before them): back to waiting, as if never claimed. */
export async function releaseClaimed(sql: Queryable, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await sql`
    update webhook_deliveries set status = 'pending', attempts = attempts - 1,
      give_up_at = case when attempts - 1 = 0 then null else give_up_at end
    where id = any(${deliveryIds}::uuid[]) and status = 'sending'`;
}

export type Attempt = { responseStatus: number | null; excerpt: string | null; durationMs: number; error: string | null };

/**
 * 2xx answers: delivered; the subscription's failure streak ends (written only when there was one, so a healthy
 * subscription's row is not locked against the events being recorded). One statement for a whole run: the hot path.
 */
export async function recordDelivered(sql: Queryable, webhookId: string, delivered: { id: string; attempt: Attempt }[]): Promise<void> {
  if (delivered.length === 0) return;
  const wire = delivered.map(({ id, attempt }) => ({ id, status: attempt.responseStatus, excerpt: attempt.excerpt, ms: attempt.durationMs }));
  await sql`
    with answers as (
      select * from jsonb_to_recordset(${jsonb(sql, wire)}) as a(id uuid, status int, excerpt text, ms int)),
    delivered as (
      update webhook_deliveries d set status = 'delivered', delivered_at = now(), response_status = a.status,
        response_excerpt = a.excerpt, duration_ms = a.ms, error = null
      from answers a where d.id = a.id returning d.id)
    update webhook_subscriptions set consecutive_failures = 0
    where id = ${webhookId} and consecutive_failures > 0 and exists (select 1 from delivered)`;
}

/**
 * A failed attempt: back to 'pending' after `delayMs`, or 'failed' for good when `final` or when the retry would
 * fall past its 24 h. Answers whether it failed for good, and whether it was by running out of time.
 */
export async function recordFailure(sql: Queryable, deliveryId: string, attempt: Attempt, retry: { final: boolean; delayMs: number }) {
  const [row] = await sql<{ failed: boolean; exhausted: boolean }[]>`
    update webhook_deliveries set
      status = case when ${retry.final} or now() + ${Math.round(retry.delayMs)}::int * interval '1 millisecond' > give_up_at then 'failed' else 'pending' end,
      next_attempt_at = now() + ${Math.round(retry.delayMs)}::int * interval '1 millisecond',
      response_status = ${attempt.responseStatus}, response_excerpt = ${attempt.excerpt}, duration_ms = ${attempt.durationMs}, error = ${attempt.error}
    where id = ${deliveryId}
    returning status = 'failed' as failed, (status = 'failed' and not ${retry.final}) as exhausted`;
  return row ?? { failed: false, exhausted: false };
}

/** One more delivery failed for good; answers the streak. */
export async function countFailure(sql: Queryable, webhookId: string): Promise<number> {
  const [row] = await sql<{ streak: number }[]>`
    update webhook_subscriptions set consecutive_failures = consecutive_failures + 1 where id = ${webhookId} returning consecutive_failures as streak`;
  return row?.streak ?? 0;
}

/** Pauses a subscription (its events keep queueing); false when it was already paused. */
export async function pause(sql: Queryable, webhookId: string, reason: string): Promise<boolean> {
  const rows = await sql`update webhook_subscriptions set paused_at = now(), pause_reason = ${reason} where id = ${webhookId} and paused_at is null returning id`;
  return rows.length === 1;
}
