/**
 * The statements of recording webhook events (docs/decisions.md#outgoing-webhooks), run in the transaction of the
 * event itself. The matching subscriptions are read FOR SHARE: a delivery round bumping a subscription's generation
 * waits for that commit, so the job keyed with the generation read here always finds these rows.
 */
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export type MatchingSubscription = { id: string; userId: string; events: string[]; generation: string };

/** The enabled subscriptions of these workspaces (paused ones too: their events wait for the resume). */
export async function lockSubscriptions(sql: Queryable, workspaceIds: string[]): Promise<MatchingSubscription[]> {
  const rows = await sql<{ id: string; userId: string; events: string[]; generation: bigint }[]>`
    select id, user_id as "userId", events, outbox_generation as generation from webhook_subscriptions
    where user_id = any(${workspaceIds}::uuid[]) and enabled
    order by id
    for share`;
  return rows.map((row) => ({ ...row, generation: row.generation.toString() }));
}

export type NewDelivery = { userId: string; webhookId: string; eventId: string; type: string; body: string };

/** In the order given: `seq` follows it, and each subscription is delivered in seq order. */
export async function insertDeliveries(sql: Queryable, deliveries: NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const wire = deliveries.map((row, ord) => ({ ord, user_id: row.userId, webhook_id: row.webhookId, event_id: row.eventId, type: row.type, body: row.body }));
  await sql`
    insert into webhook_deliveries (user_id, webhook_id, event_id, type, body)
    select r.user_id, r.webhook_id, r.event_id, r.type, r.body
    from jsonb_to_recordset(${jsonb(sql, wire)}) as r(ord int, user_id uuid, webhook_id uuid, event_id uuid, type text, body text)
    order by r.ord`;
}
