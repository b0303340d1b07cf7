/**
 * Every statement of the Conversions API outbox (docs/decisions.md#pixel-outbox). A claim takes a pixel's due
 * events with FOR UPDATE SKIP LOCKED and stamps them with a lease token; the outcome names that token, so a worker
 * whose lease ran out (its batch claimed again by another) changes nothing.
 */
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export type NewPixelEvent = {
  userId: string;
  pixelId: string;
  eventName: string;
  eventId: string;
  eventTime: Date;
  payload: unknown;
};

/**
 * The pixel's delivery generation, read with a share lock held to the end of the caller's transaction: a delivery
 * job bumping it waits for that commit (see the migration 0541). Undefined when the user has no such pixel.
 */
export async function lockGeneration(sql: Queryable, userId: string, pixelId: string): Promise<string | undefined> {
  const [row] = await sql<{ generation: bigint }[]>`
    select outbox_generation as generation from meta_pixels where id = ${pixelId} and user_id = ${userId} for share`;
  return row?.generation.toString();
}

/** Starts a delivery round: later events get a new job. False when the pixel is gone. */
export async function bumpGeneration(sql: Queryable, pixelId: string): Promise<boolean> {
  const rows = await sql`update meta_pixels set outbox_generation = outbox_generation + 1 where id = ${pixelId} returning id`;
  return rows.length === 1;
}

export async function currentGeneration(sql: Queryable, pixelId: string): Promise<string | undefined> {
  const [row] = await sql<{ generation: bigint }[]>`select outbox_generation as generation from meta_pixels where id = ${pixelId}`;
  return row?.generation.toString();
}

/** False when the pixel already has an event with this id (a repeated call: Meta would deduplicate it anyway). */
export async function insertEvent(sql: Queryable, event: NewPixelEvent): Promise<boolean> {
  const rows = await sql`
    insert into pixel_events (user_id, pixel_id, event_name, event_id, event_time, payload)
    values (${event.userId}, ${event.pixelId}, ${event.eventName}, ${event.eventId}, ${event.eventTime}, ${jsonb(sql, event.payload)})
    on conflict (pixel_id, event_id) do nothing
    returning id`;
  return rows.length === 1;
}

/**
 * Unsent events Meta would refuse (event_time older than its limit) fail without being sent, counted on the pixel.
 * Call it in a transaction: the pixel row is locked first, like recordOutcome.
 */
export async function failStale(sql: Queryable, pixelId: string, maxAgeMs: number, reason: string): Promise<number> {
  await sql`select id from meta_pixels where id = ${pixelId} for no key update`;
  const rows = await sql`
    update pixel_events set status = 'failed', last_error = ${reason}, lease_token = null, lease_expires_at = null
    where pixel_id = ${pixelId} and status in ('pending', 'sending')
      and (status = 'pending' or lease_expires_at <= now())
      and event_time < now() - ${maxAgeMs}::bigint * interval '1 millisecond'
    returning id`;
  if (rows.length > 0) {
    await sql`update meta_pixels set failed_events = failed_events + ${rows.length}, delivery_error = ${reason}, delivery_error_at = now() where id = ${pixelId}`;
  }
  return rows.length;
}

export type ClaimedEvent = { id: string; eventId: string; payload: unknown; attempts: number };

/**
 * Claims up to `limit` due events of one pixel, oldest first: pending ones whose backoff has passed, and ones left
 * 'sending' by a worker whose lease ran out (it died mid-send: the same event_ids go again, Meta deduplicates).
 */
export function claimEvents(sql: Queryable, input: { pixelId: string; token: string; leaseMs: number; limit: number }) {
  return sql<ClaimedEvent[]>`
    with due as materialized (
      select id from pixel_events
      where pixel_id = ${input.pixelId} and status in ('pending', 'sending')
        and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_expires_at <= now()))
      order by created_at, id limit ${input.limit}
      for update skip locked)
    update pixel_events e set status = 'sending', attempts = e.attempts + 1, lease_token = ${input.token},
      lease_expires_at = now() + ${input.leaseMs}::int * interval '1 millisecond'
    from due where e.id = due.id
    returning e.id, e.event_id as "eventId", e.payload, e.attempts`;
}

export type BatchOutcome =
  | { kind: 'sent' }
  | { kind: 'refused'; reason: string }
  /** Back to pending after `delayMs`; an event that has had `maxAttempts` attempts fails with `givenUp` instead. */
  | { kind: 'retry'; reason: string; delayMs: number; maxAttempts: number; givenUp: string };

/**
 * Ends a claim with its outcome, fenced by the claim's token (the rows another worker claimed since are left
 * alone), and keeps the pixel's delivery counters (meta_pixels.delivered_events, failed_events, delivery_error,
 * last_attempt_at: what /pixels shows). The pixel row is locked first, before any event row, so this never
 * deadlocks with recordPixelEvent (share lock on the pixel, then an insert that may wait on an event row). Returns
 * the rows it ended.
 */
export async function recordOutcome(sql: Queryable, pixelId: string, token: string, outcome: BatchOutcome): Promise<number> {
  await sql`select id from meta_pixels where id = ${pixelId} for no key update`;
  const fence = sql`pixel_id = ${pixelId} and lease_token = ${token} and status = 'sending'`;
  const released = sql`lease_token = null, lease_expires_at = null`;
  if (outcome.kind === 'sent') {
    const ended = await sql`update pixel_events set status = 'sent', sent_at = now(), last_error = null, ${released} where ${fence} returning id`;
    if (ended.length > 0) {
      await sql`update meta_pixels set status = 'ok', last_error = null, last_error_at = null, last_event_at = now(), last_attempt_at = now(),
        delivered_events = delivered_events + ${ended.length} where id = ${pixelId}`;
    }
    return ended.length;
  }
  if (outcome.kind === 'refused') {
    const ended = await sql`update pixel_events set status = 'failed', last_error = ${outcome.reason}, ${released} where ${fence} returning id`;
    if (ended.length > 0) {
      await sql`update meta_pixels set status = 'error', last_error = ${outcome.reason}, last_error_at = now(), last_attempt_at = now(),
        failed_events = failed_events + ${ended.length}, delivery_error = ${outcome.reason}, delivery_error_at = now() where id = ${pixelId}`;
    }
    return ended.length;
  }
  const ended = await sql<{ failed: boolean }[]>`
    update pixel_events set ${released},
      status = case when attempts >= ${outcome.maxAttempts} then 'failed' else 'pending' end,
      last_error = case when attempts >= ${outcome.maxAttempts} then ${outcome.givenUp} else ${outcome.reason} end,
      next_attempt_at = now() + ${Math.round(outcome.delayMs)}::int * interval '1 millisecond'
    where ${fence} returning status = 'failed' as failed`;
  if (ended.length > 0) {
    const failed = ended.filter((row) => row.failed).length;
    await sql`update meta_pixels set last_attempt_at = now(), failed_events = failed_events + ${failed},
      delivery_error = ${failed > 0 ? outcome.givenUp : outcome.reason}, delivery_error_at = now() where id = ${pixelId}`;
  }
  return ended.length;
}

/**
 * When the pixel's next unsent event becomes claimable (database clock): a pending one's backoff ends, or a claimed
 * one's lease runs out (its worker may have died). Undefined when nothing waits.
 */
export async function nextDue(sql: Queryable, pixelId: string): Promise<Date | undefined> {
  const [row] = await sql<{ at: Date | null }[]>`
    select min(case when status = 'pending' then next_attempt_at else lease_expires_at end) as at
    from pixel_events where pixel_id = ${pixelId} and status in ('pending', 'sending')`;
  return row?.at ?? undefined;
}

export type PixelTarget = { pixelId: string; tokenEncrypted: string };

/** Where a pixel's events go: Meta's pixel id and the encrypted token (decrypted only to send). */
export async function findTarget(sql: Queryable, pixelId: string): Promise<PixelTarget | undefined> {
  const [row] = await sql<PixelTarget[]>`select pixel_id as "pixelId", token_encrypted as "tokenEncrypted" from meta_pixels where id = ${pixelId}`;
  return row;
}
