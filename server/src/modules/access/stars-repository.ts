/**
 * Telegram Stars queries of paid access (stars-service.ts, stars-purchases.ts). The runtime's events name a bot and
 * a chat, never a workspace: every lookup starts from the bot, so an event only reaches that bot's plans.
 */
import type { Queryable } from '../../db/client.ts';
import { forgetPlan } from './plan-cache.ts';
import { columns, type PlanRow } from './plan-repository.ts';

export type StarsWrite = { price: number | null; subscriptionLink: boolean; invoice: boolean; link: string | null; linkChatId: number | null };

export async function setPlanStars(sql: Queryable, userId: string, planId: string, stars: StarsWrite) {
  forgetPlan(planId);
  await sql`
    update access_plans set stars_price = ${stars.price}, stars_subscription_link = ${stars.subscriptionLink},
      stars_invoice = ${stars.invoice}, stars_link = ${stars.link}, stars_link_chat_id = ${stars.linkChatId}, updated_at = now()
    where id = ${planId} and user_id = ${userId}`;
}

/** The plan no longer sells through this (revoked) link; the chat stays for its subscribers' renewals. */
export async function forgetLink(sql: Queryable, planId: string, link: string) {
  await sql`update access_plans set stars_link = null, stars_subscription_link = false, updated_at = now() where id = ${planId} and stars_link = ${link}`;
}

/** The Telegram chats of the plan's channels, for the subscription link and the DMed entry links. */
export function planChats(sql: Queryable, planIds: string[]) {
  return sql<{ planId: string; chatId: bigint; type: string; title: string }[]>`
    select pc.plan_id as "planId", c.chat_id as "chatId", c.type, c.title
    from access_plan_channels pc join channels c on c.id = pc.channel_id
    where pc.plan_id = any(${planIds}::uuid[]) order by c.title, c.id`;
}

type BotPlan = PlanRow & { userId: string };

const planColumns = (sql: Queryable) => sql`${columns(sql)}, p.user_id as "userId"`;

/** The bot's plan whose subscription link this is, in that chat. */
export async function planBySubscriptionLink(sql: Queryable, botId: string, chatId: number, link: string) {
  const rows = await sql<BotPlan[]>`
    select ${planColumns(sql)} from access_plans p
    where p.bot_id = ${botId} and p.stars_link = ${link} and p.stars_link_chat_id = ${chatId}`;
  return rows[0];
}

/** A plan of the bot by id (any state: a renewal is paid even after the plan stopped selling). */
export async function botPlan(sql: Queryable, botId: string, planId: string) {
  const rows = await sql<BotPlan[]>`select ${planColumns(sql)} from access_plans p where p.bot_id = ${botId} and p.id = ${planId}`;
  return rows[0];
}

/** The bot's plans on sale by invoice now. */
export function invoicePlans(sql: Queryable, botId: string, planId: string | undefined) {
  return sql<BotPlan[]>`
    select ${planColumns(sql)} from access_plans p
    where p.bot_id = ${botId} and p.stars_invoice and p.stars_price is not null and p.active and p.archived_at is null
      ${planId ? sql`and p.id = ${planId}` : sql``}
    order by p.created_at, p.id limit 10`;
}

/** The access a channel subscriber holds through the bot's plan on that chat (renewals and leaves find it). */
export async function subscriberMember(sql: Queryable, botId: string, chatId: number, subscriptionId: string) {
  const rows = await sql<{ memberId: string; userId: string; planId: string; accessUntil: Date | null }[]>`
    select m.id as "memberId", m.user_id as "userId", m.plan_id as "planId", m.access_until as "accessUntil"
    from access_members m join access_plans p on p.id = m.plan_id
    where p.bot_id = ${botId} and p.stars_link_chat_id = ${chatId} and m.subscription_id = ${subscriptionId}
      and m.source = 'stars' and m.status in ('ACTIVE', 'GRACE', 'CANCELED')
    order by m.created_at desc limit 1`;
  return rows[0];
}

export async function paymentSeen(sql: Queryable, chargeId: string) {
  return (await sql`select 1 from access_star_payments where charge_id = ${chargeId}`).length > 0;
}

/** False when another delivery of the same payment recorded it first (the caller rolls back its grant). */
export async function recordPayment(sql: Queryable, payment: { chargeId: string; userId: string; memberId: string; telegramId: number; amount: number; recurring: boolean; subscription: boolean }) {
  const rows = await sql`
    insert into access_star_payments (charge_id, user_id, member_id, telegram_id, amount, recurring, subscription)
    values (${payment.chargeId}, ${payment.userId}, ${payment.memberId}, ${payment.telegramId}, ${payment.amount}, ${payment.recurring}, ${payment.subscription})
    on conflict (charge_id) do nothing returning charge_id`;
  return rows.length > 0;
}

/** The member's latest payment not refunded yet: the one a refund returns. */
export async function refundableCharge(sql: Queryable, userId: string, memberId: string) {
  const rows = await sql<{ chargeId: string; telegramId: bigint; subscription: boolean }[]>`
    select charge_id as "chargeId", telegram_id as "telegramId", subscription from access_star_payments
    where member_id = ${memberId} and user_id = ${userId} and refunded_at is null
    order by created_at desc, charge_id desc limit 1`;
  return rows[0];
}

/** The member's latest payment of a subscription invoice, refunded or not: the subscription whose renewals to stop. */
export async function subscriptionCharge(sql: Queryable, userId: string, memberId: string) {
  const rows = await sql<{ chargeId: string; telegramId: bigint }[]>`
    select charge_id as "chargeId", telegram_id as "telegramId" from access_star_payments
    where member_id = ${memberId} and user_id = ${userId} and subscription
    order by created_at desc, charge_id desc limit 1`;
  return rows[0];
}

export async function markRefunded(sql: Queryable, userId: string, chargeId: string) {
  await sql`update access_star_payments set refunded_at = coalesce(refunded_at, now()) where charge_id = ${chargeId} and user_id = ${userId}`;
}

/** The member's contact in the bot's inbox, when the journal has one. */
export async function linkContact(sql: Queryable, userId: string, memberId: string, botId: string, telegramId: number) {
  await sql`
    update access_members set contact_id = (select c.id from contacts c where c.bot_id = ${botId} and c.telegram_id = ${telegramId})
    where id = ${memberId} and user_id = ${userId} and contact_id is null`;
}

/** The Telegram chats behind channel ids (already checked to be the bot's). */
export function channelChats(sql: Queryable, channelIds: string[]) {
  return sql<{ chatId: bigint; type: string; title: string }[]>`
    select c.chat_id as "chatId", c.type, c.title from channels c where c.id = any(${channelIds}::uuid[])`;
}
