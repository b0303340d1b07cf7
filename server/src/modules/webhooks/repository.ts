/** Subscriptions and their delivery log (docs/product.md#api-webhooks): every read and write scoped to the workspace. */
import type { WebhookDeliveriesQuery, WebhookDeliveryStatus } from '@shared/webhooks/schemas.ts';
import type { Queryable } from '../../db/client.ts';

export type WebhookRow = {
  id: string; url: string; description: string; events: string[]; enabled: boolean; pausedAt: Date | null; pauseReason: string | null;
  secretEncrypted: string; createdAt: Date; updatedAt: Date;
};

const columns = (sql: Queryable) => sql`
  id, url, description, events, enabled, paused_at as "pausedAt", pause_reason as "pauseReason", secret_encrypted as "secretEncrypted",
  created_at as "createdAt", updated_at as "updatedAt"`;

export type WebhookListRow = WebhookRow & { lastStatus: WebhookDeliveryStatus | null; lastResponseStatus: number | null; lastAt: Date | null };

/** Each subscription with its newest delivery's outcome (the list's "última entrega"). */
export function listWebhooks(sql: Queryable, userId: string) {
  return sql<WebhookListRow[]>`
    select ${columns(sql)}, last_status as "lastStatus", last_response_status as "lastResponseStatus", last_at as "lastAt"
    from webhook_subscriptions subscription
    left join lateral (
      select status as last_status, response_status as last_response_status, created_at as last_at from webhook_deliveries
      where webhook_id = subscription.id and user_id = subscription.user_id order by seq desc limit 1
    ) last on true
    where subscription.user_id = ${userId} order by subscription.created_at, subscription.id`;
}

export async function findWebhook(sql: Queryable, userId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await sql<WebhookRow[]>`select ${columns(sql)} from webhook_subscriptions where id = ${id} and user_id = ${userId}`;
  return row;
}

export async function countWebhooks(sql: Queryable, userId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from webhook_subscriptions where user_id = ${userId}`;
  return row?.count ?? 0;
}

export async function insertWebhook(sql: Queryable, userId: string, input: { url: string; description: string; events: string[]; secretEncrypted: string }) {
  const [row] = await sql<{ id: string }[]>`
    insert into webhook_subscriptions (user_id, url, description, events, secret_encrypted)
    values (${userId}, ${input.url}, ${input.description}, ${input.events}, ${input.secretEncrypted})
    returning id`;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export type WebhookChange = { url?: string | undefined; description?: string | undefined; events?: string[] | undefined; enabled?: boolean | undefined };

/** Absent fields stay; enabling also lifts a pause and its failure streak. False when no such subscription. */
export async function updateWebhook(sql: Queryable, userId: string, id: string, change: WebhookChange): Promise<boolean> {
  const rows = await sql`
    update webhook_subscriptions set
      url = coalesce(${change.url ?? null}, url),
      description = coalesce(${change.description ?? null}, description),
      events = coalesce(${change.events ?? null}::text[], events),
      enabled = coalesce(${change.enabled ?? null}::boolean, enabled),
      paused_at = case when ${change.enabled ?? null}::boolean then null else paused_at end,
      pause_reason = case when ${change.enabled ?? null}::boolean then null else pause_reason end,
      consecutive_failures = case when ${change.enabled ?? null}::boolean then 0 else consecutive_failures end,
      updated_at = now()
    where id = ${id} and user_id = ${userId}
    returning id`;
  return rows.length === 1;
}

export async function deleteWebhook(sql: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from webhook_subscriptions where id = ${id} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

export type DeliveryRow = {
  id: string; seq: bigint; eventId: string; type: string; status: WebhookDeliveryStatus; attempts: number; responseStatus: number | null;
  responseExcerpt: string | null; durationMs: number | null; error: string | null; createdAt: Date; nextAttemptAt: Date; deliveredAt: Date | null;
  body: string;
};

const deliveryColumns = (sql: Queryable) => sql`
  id, seq, event_id as "eventId", type, status, attempts, response_status as "responseStatus", response_excerpt as "responseExcerpt",
  duration_ms as "durationMs", error, created_at as "createdAt", next_attempt_at as "nextAttemptAt", delivered_at as "deliveredAt", body`;

export function listDeliveries(sql: Queryable, userId: string, webhookId: string, query: WebhookDeliveriesQuery, limit: number) {
  return sql<DeliveryRow[]>`
    select ${deliveryColumns(sql)} from webhook_deliveries
    where webhook_id = ${webhookId} and user_id = ${userId}
      ${query.before === undefined ? sql`` : sql`and seq < ${query.before}::bigint`}
      ${query.status === undefined ? sql`` : sql`and status = ${query.status}`}
    order by seq desc limit ${limit}`;
}

export async function findDelivery(sql: Queryable, userId: string, webhookId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await sql<DeliveryRow[]>`
    select ${deliveryColumns(sql)} from webhook_deliveries where id = ${id} and webhook_id = ${webhookId} and user_id = ${userId}`;
  return row;
}

/** The subscription's generation, read FOR SHARE (see outbox-repository.ts): a delivery added now gets its round. */
export async function lockGeneration(sql: Queryable, userId: string, webhookId: string): Promise<string | undefined> {
  const [row] = await sql<{ generation: bigint }[]>`
    select outbox_generation as generation from webhook_subscriptions where id = ${webhookId} and user_id = ${userId} for share`;
  return row?.generation.toString();
}

/** One delivery at the end of the subscription's queue (a redelivery, a test event); answers its id. */
export async function insertDelivery(sql: Queryable, row: { userId: string; webhookId: string; eventId: string; type: string; body: string }): Promise<string> {
  const [inserted] = await sql<{ id: string }[]>`
    insert into webhook_deliveries (user_id, webhook_id, event_id, type, body)
    values (${row.userId}, ${row.webhookId}, ${row.eventId}, ${row.type}, ${row.body})
    returning id`;
  if (!inserted) throw new Error('insert returned no row');
  return inserted.id;
}
