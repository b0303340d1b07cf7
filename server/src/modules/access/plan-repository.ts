/**
 * Access plan queries, always scoped by the workspace (`user_id`). Secrets travel encrypted: the service seals and
 * opens them, this file only stores them.
 */
import type { Queryable } from '../../db/client.ts';
import { forgetPlan } from './plan-cache.ts';

export type PlanRow = {
  id: string;
  botId: string;
  name: string;
  durationDays: number | null;
  graceDays: number;
  active: boolean;
  archivedAt: Date | null;
  webhookSecretEncrypted: string;
  gatewayTokensEncrypted: Record<string, string>;
  productIds: Record<string, string>;
  priceCents: number | null;
  currency: string;
  rejectedWebhooks: number;
  pixelId: string | null;
  createdAt: Date;
  /** Telegram Stars (stars-repository.ts writes them): the price, how it sells, the channel's subscription link. */
  starsPrice: number | null;
  starsSubscriptionLink: boolean;
  starsInvoice: boolean;
  starsLink: string | null;
  starsLinkChatId: bigint | null;
  botUsername: string;
};

export type PlanChannelRow = { planId: string; id: string; title: string; type: string; canInvite: boolean; canBan: boolean };

export type PlanCountsRow = { planId: string; active: number; expiringIn7Days: number; expired: number; awaitingLink: number };

export const columns = (sql: Queryable) => sql`
  p.id, p.bot_id as "botId", p.name, p.duration_days as "durationDays", p.grace_days as "graceDays", p.active,
  p.archived_at as "archivedAt", p.webhook_secret_encrypted as "webhookSecretEncrypted",
  p.gateway_tokens_encrypted as "gatewayTokensEncrypted", p.product_ids as "productIds", p.price_cents as "priceCents",
  p.currency, p.rejected_webhooks as "rejectedWebhooks", p.pixel_id as "pixelId", p.created_at as "createdAt",
  p.stars_price as "starsPrice", p.stars_subscription_link as "starsSubscriptionLink", p.stars_invoice as "starsInvoice",
  p.stars_link as "starsLink", p.stars_link_chat_id as "starsLinkChatId", (select b.username from bots b where b.id = p.bot_id) as "botUsername"`;

/** Newest first; archived ones only when asked. */
export function listPlans(sql: Queryable, userId: string, archived: boolean) {
  return sql<PlanRow[]>`
    select ${columns(sql)} from access_plans p
    where p.user_id = ${userId} and (p.archived_at is not null) = ${archived}
    order by p.created_at desc, p.id`;
}

export async function findPlan(sql: Queryable, userId: string, planId: string) {
  const rows = await sql<PlanRow[]>`select ${columns(sql)} from access_plans p where p.id = ${planId} and p.user_id = ${userId}`;
  return rows[0];
}

/** Any workspace's plan, for the public webhook routes (their URL names the plan; the signature decides). */
export async function findPlanById(sql: Queryable, planId: string) {
  const rows = await sql<(PlanRow & { userId: string })[]>`
    select ${columns(sql)}, p.user_id as "userId" from access_plans p where p.id = ${planId}`;
  return rows[0];
}

export async function countPlans(sql: Queryable, userId: string) {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from access_plans where user_id = ${userId} and archived_at is null`;
  return row?.count ?? 0;
}

const rights = (sql: Queryable) => sql`
  coalesce((c.bot_rights ->> 'canInviteUsers')::boolean, false) as "canInvite",
  coalesce((c.bot_rights ->> 'canRestrictMembers')::boolean, false) as "canBan"`;

/** The plans' chats with whether the bot may invite and ban there (its rights as last seen by the runtime). */
export function planChannels(sql: Queryable, planIds: string[]) {
  return sql<PlanChannelRow[]>`
    select pc.plan_id as "planId", c.id, c.title, c.type, ${rights(sql)}
    from access_plan_channels pc join channels c on c.id = pc.channel_id
    where pc.plan_id = any(${planIds}::uuid[])
    order by c.title, c.id`;
}

/** The bot's chats among `channelIds`, in the workspace (a chat of another bot or workspace is not found). */
export function botChannels(sql: Queryable, userId: string, botId: string, channelIds: string[]) {
  return sql<Omit<PlanChannelRow, 'planId'>[]>`
    select c.id, c.title, c.type, ${rights(sql)}
    from channels c join bots b on b.id = c.bot_id
    where c.id = any(${channelIds}::uuid[]) and c.bot_id = ${botId} and b.user_id = ${userId} and b.deleted_at is null`;
}

/** A Meta pixel of the workspace (another workspace's is not found). */
export async function pixelOwned(sql: Queryable, userId: string, pixelId: string) {
  return (await sql`select 1 from meta_pixels where id = ${pixelId} and user_id = ${userId}`).length > 0;
}

export async function botOwned(sql: Queryable, userId: string, botId: string) {
  return (await sql`select 1 from bots where id = ${botId} and user_id = ${userId} and deleted_at is null`).length > 0;
}

export function planCounts(sql: Queryable, planIds: string[]) {
  return sql<PlanCountsRow[]>`
    select plan_id as "planId",
      count(*) filter (where status in ('ACTIVE', 'GRACE'))::int as active,
      count(*) filter (where status in ('ACTIVE', 'GRACE') and access_until < now() + interval '7 days')::int as "expiringIn7Days",
      count(*) filter (where status = 'EXPIRED')::int as expired,
      count(*) filter (where status = 'AWAITING_LINK')::int as "awaitingLink"
    from access_members where plan_id = any(${planIds}::uuid[]) group by plan_id`;
}

export type PlanWrite = {
  name: string;
  durationDays: number | null;
  graceDays: number;
  active: boolean;
  priceCents: number | null;
  gatewayTokensEncrypted: Record<string, string>;
  productIds: Record<string, string>;
  pixelId: string | null;
};

export async function insertPlan(sql: Queryable, userId: string, plan: PlanWrite & { id: string; botId: string; webhookSecretEncrypted: string }) {
  await sql`
    insert into access_plans (id, user_id, bot_id, name, duration_days, grace_days, active, webhook_secret_encrypted,
      gateway_tokens_encrypted, product_ids, price_cents, pixel_id)
    values (${plan.id}, ${userId}, ${plan.botId}, ${plan.name}, ${plan.durationDays}, ${plan.graceDays}, ${plan.active},
      ${plan.webhookSecretEncrypted}, ${sql.json(plan.gatewayTokensEncrypted)}, ${sql.json(plan.productIds)}, ${plan.priceCents}, ${plan.pixelId})`;
}

export async function updatePlan(sql: Queryable, userId: string, planId: string, plan: PlanWrite) {
  forgetPlan(planId);
  await sql`
    update access_plans set name = ${plan.name}, duration_days = ${plan.durationDays}, grace_days = ${plan.graceDays},
      active = ${plan.active}, price_cents = ${plan.priceCents}, gateway_tokens_encrypted = ${sql.json(plan.gatewayTokensEncrypted)},
      product_ids = ${sql.json(plan.productIds)}, pixel_id = ${plan.pixelId}, updated_at = now()
    where id = ${planId} and user_id = ${userId}`;
}

export async function setPlanChannels(sql: Queryable, userId: string, planId: string, channelIds: string[]) {
  await sql`delete from access_plan_channels where plan_id = ${planId} and not (channel_id = any(${channelIds}::uuid[]))`;
  for (const channelId of channelIds) {
    await sql`insert into access_plan_channels (plan_id, channel_id, user_id) values (${planId}, ${channelId}, ${userId}) on conflict do nothing`;
  }
}

/** Archived plans keep their members and history; their webhooks are refused as not processed. */
export async function archivePlan(sql: Queryable, userId: string, planId: string) {
  forgetPlan(planId);
  const rows = await sql`
    update access_plans set archived_at = coalesce(archived_at, now()), active = false, updated_at = now()
    where id = ${planId} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
