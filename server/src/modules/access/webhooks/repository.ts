/**
 * The webhook log's statements (access_webhook_events), scoped by the workspace where an operator reads it. One
 * idempotency key (plan, gateway, transaction, kind) is serialized by a transaction-scoped advisory lock, so two
 * deliveries of one event at once see each other: the second finds the first's row once it commits.
 */
import type { WebhookGateway, WebhookStatus } from '@shared/access/webhook-log.ts';
import type { Queryable } from '../../../db/client.ts';

export type WebhookRow = {
  id: string;
  userId: string;
  planId: string;
  gateway: WebhookGateway;
  receivedAt: Date;
  rawBody: string;
  headers: Record<string, string>;
  status: WebhookStatus;
  reason: string | null;
  kind: string | null;
  transactionId: string | null;
  email: string | null;
  memberId: string | null;
  test: boolean;
};

const columns = (sql: Queryable) => sql`
  w.id, w.user_id as "userId", w.plan_id as "planId", w.gateway, w.received_at as "receivedAt", w.raw_body as "rawBody",
  w.headers, w.status, w.reason, w.kind, w.transaction_id as "transactionId", w.email, w.member_id as "memberId", w.test`;

export type IdempotencyKey = { planId: string; gateway: WebhookGateway; transactionId: string; kind: string };

/** Holds the key until the caller's transaction ends. */
export async function lockKey(sql: Queryable, key: IdempotencyKey) {
  await sql`select pg_advisory_xact_lock(hashtext(${`${key.planId}|${key.gateway}`}), hashtext(${`${key.transactionId}|${key.kind}`}))`;
}

/** The row already holding this key: a processed or ignored one first (a retry), else one not processed yet. */
export async function findByKey(sql: Queryable, key: IdempotencyKey) {
  const rows = await sql<WebhookRow[]>`
    select ${columns(sql)} from access_webhook_events w
    where w.plan_id = ${key.planId} and w.gateway = ${key.gateway} and w.transaction_id = ${key.transactionId} and w.kind = ${key.kind}
    order by (w.status = 'NOT_PROCESSED'), w.received_at desc limit 1`;
  return rows[0];
}

/** A row as written: received_at is the database's clock. */
export type WebhookWrite = Omit<WebhookRow, 'receivedAt'>;

/**
 * Inserts the row, or rewrites it when `id` is taken: a gateway's retry of a not processed one (`fresh`: a new
 * delivery, its signature of now) or a reprocess (the delivery's time stays, the signature's window is about it).
 */
export async function saveEvent(sql: Queryable, row: WebhookWrite, fresh = true) {
  await sql`
    insert into access_webhook_events (id, user_id, plan_id, gateway, raw_body, headers, status, reason, kind, transaction_id,
      email, member_id, test, processed_at)
    values (${row.id}, ${row.userId}, ${row.planId}, ${row.gateway}, ${row.rawBody}, ${sql.json(row.headers)}, ${row.status},
      ${row.reason}, ${row.kind}, ${row.transactionId}, ${row.email}, ${row.memberId}, ${row.test},
      ${row.status === 'NOT_PROCESSED' ? null : new Date()})
    on conflict (id) do update set raw_body = excluded.raw_body, headers = excluded.headers, status = excluded.status,
      reason = excluded.reason, kind = excluded.kind, transaction_id = excluded.transaction_id, email = excluded.email,
      member_id = excluded.member_id, processed_at = excluded.processed_at,
      received_at = ${fresh ? sql`now()` : sql`access_webhook_events.received_at`}`;
}

/** The event, locked for a reprocess (two operators at once: the second sees the first's result). */
export async function lockEvent(sql: Queryable, userId: string, id: string) {
  const rows = await sql<WebhookRow[]>`select ${columns(sql)} from access_webhook_events w where w.id = ${id} and w.user_id = ${userId} for update`;
  return rows[0];
}

export async function findEvent(sql: Queryable, userId: string, id: string) {
  const rows = await sql<WebhookRow[]>`select ${columns(sql)} from access_webhook_events w where w.id = ${id} and w.user_id = ${userId}`;
  return rows[0];
}

export type LogFilter = { planId?: string | undefined; status?: WebhookStatus | undefined; page: number; limit: number };

/** Newest first. */
export async function listEvents(sql: Queryable, userId: string, filter: LogFilter) {
  const where = (q: Queryable) => q`
    w.user_id = ${userId}
    ${filter.planId ? q`and w.plan_id = ${filter.planId}` : q``}
    ${filter.status ? q`and w.status = ${filter.status}` : q``}`;
  const [rows, [total]] = await Promise.all([
    sql<WebhookRow[]>`
      select ${columns(sql)} from access_webhook_events w where ${where(sql)}
      order by w.received_at desc, w.id desc limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`,
    sql<{ count: number }[]>`select count(*)::int as count from access_webhook_events w where ${where(sql)}`,
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** Refused signatures, per plan (rejection-counter.ts): nothing stored but each plan's counter and when it last grew. */
export async function countRejected(sql: Queryable, counts: Map<string, number>) {
  await sql`
    update access_plans p set rejected_webhooks = p.rejected_webhooks + r.n, last_rejected_at = now()
    from unnest(${[...counts.keys()]}::uuid[], ${[...counts.values()]}::int[]) as r(id, n)
    where p.id = r.id`;
}

export type VisitRow = { url: string; fbp: string | null; fbc: string | null; ip: string | null; userAgent: string | null };

/** The funnel visit an access came through, within the workspace's funnels (its ad click, for Meta's matching). */
export async function funnelVisit(sql: Queryable, userId: string, visitId: string) {
  const rows = await sql<VisitRow[]>`
    select v.url, v.fbp, v.fbc, v.ip, v.user_agent as "userAgent"
    from funnel_visits v join funnels f on f.id = v.funnel_id
    where v.visit_id = ${visitId} and f.user_id = ${userId} order by v.last_seen_at desc limit 1`;
  return rows[0];
}

/** What the Purchase event needs of the access: its Telegram account and, once known, its funnel visit's click. */
export async function memberTrace(sql: Queryable, userId: string, memberId: string) {
  const rows = await sql<{ telegramId: bigint | null; phone: string | null; visit: VisitRow | null }[]>`
    select m.telegram_id as "telegramId", m.phone,
      (select json_build_object('url', v.url, 'fbp', v.fbp, 'fbc', v.fbc, 'ip', v.ip, 'userAgent', v.user_agent)
       from funnel_visits v join funnels f on f.id = v.funnel_id
       where v.visit_id = m.funnel_visit_id and f.user_id = ${userId} order by v.last_seen_at desc limit 1) as visit
    from access_members m where m.id = ${memberId}`;
  return rows[0];
}
