/**
 * What the bot asks about paid access (telegram-gate.ts): the chats of an access's plan, the invite links issued for
 * accesses, who holds access in a chat, and the gate's decisions. Scoped by the bot (whose workspace owns the rows)
 * or by the access the caller holds.
 */
import type { GateDecisionKind } from '@shared/access/join-gate.ts';
import type { AccessStatus } from '@shared/access/texts.ts';
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export type ChatRow = { chatId: bigint; title: string };

/** The chats an access opens. */
export function planChats(sql: Queryable, memberId: string) {
  return sql<ChatRow[]>`
    select c.chat_id as "chatId", c.title from access_members m
    join access_plan_channels pc on pc.plan_id = m.plan_id join channels c on c.id = pc.channel_id
    where m.id = ${memberId} order by c.title, c.chat_id`;
}

/** The contact the journal made for this Telegram user of the bot. */
export async function contactIdOf(sql: Queryable, botId: string, telegramId: number) {
  const [row] = await sql<{ id: string }[]>`select id from contacts where bot_id = ${botId} and telegram_id = ${telegramId}`;
  return row?.id ?? null;
}

export type NewLink = { userId: string; memberId: string; botId: string; chatId: number; inviteLink: string; expiresAt: Date };

export async function insertLinks(sql: Queryable, links: NewLink[]) {
  if (links.length === 0) return;
  const wire = links.map((link) => ({
    user_id: link.userId, member_id: link.memberId, bot_id: link.botId, chat_id: String(link.chatId), invite_link: link.inviteLink,
    expires_at: link.expiresAt.toISOString(),
  }));
  await sql`
    insert into access_invite_links (user_id, member_id, bot_id, chat_id, invite_link, expires_at)
    select r.user_id, r.member_id, r.bot_id, r.chat_id::bigint, r.invite_link, r.expires_at
    from jsonb_to_recordset(${jsonb(sql, wire)}) as r(user_id uuid, member_id uuid, bot_id uuid, chat_id text, invite_link text, expires_at timestamptz)
    on conflict (bot_id, chat_id, invite_link) do nothing`;
}

export type IssuedLinkRow = {
  linkId: string;
  userId: string;
  memberId: string;
  ownerTelegramId: bigint | null;
  status: AccessStatus;
  accessUntil: Date | null;
  planName: string;
  chatTitle: string;
};

/** The access a link of this bot and chat was issued for, marked as used by `telegramId`. */
export async function useIssuedLink(sql: Queryable, botId: string, chatId: number, inviteLink: string, telegramId: number) {
  const [row] = await sql<IssuedLinkRow[]>`
    update access_invite_links l set used_by = ${telegramId}, used_at = now()
    from access_members m, access_plans p, channels c
    where l.bot_id = ${botId} and l.chat_id = ${chatId} and l.invite_link = ${inviteLink}
      and m.id = l.member_id and p.id = m.plan_id and c.bot_id = l.bot_id and c.chat_id = l.chat_id
    returning l.id as "linkId", l.user_id as "userId", l.member_id as "memberId", m.telegram_id as "ownerTelegramId", m.status,
      m.access_until as "accessUntil", p.name as "planName", c.title as "chatTitle"`;
  return row;
}

export async function markRevoked(sql: Queryable, linkId: string) {
  await sql`update access_invite_links set revoked_at = now() where id = ${linkId}`;
}

export type HolderRow = { memberId: string; userId: string; status: AccessStatus; accessUntil: Date | null };

/**
 * The chat's gate: every access of this Telegram user in the active plans of this bot covering the chat, and
 * whether any active plan covers it (`gated` with no accesses: a stranger).
 */
export async function gateOf(sql: Queryable, botId: string, chatId: number, telegramId: number) {
  const plans = await sql<{ userId: string }[]>`
    select p.user_id as "userId" from access_plans p
    join access_plan_channels pc on pc.plan_id = p.id join channels c on c.id = pc.channel_id
    where p.bot_id = ${botId} and p.active and p.archived_at is null and c.chat_id = ${chatId} limit 1`;
  const gate = plans[0];
  if (!gate) return undefined;
  const holders = await sql<HolderRow[]>`
    select m.id as "memberId", m.user_id as "userId", m.status, m.access_until as "accessUntil"
    from access_members m join access_plans p on p.id = m.plan_id
    join access_plan_channels pc on pc.plan_id = p.id join channels c on c.id = pc.channel_id
    where p.bot_id = ${botId} and p.active and p.archived_at is null and c.chat_id = ${chatId} and m.telegram_id = ${telegramId}`;
  return { userId: gate.userId, holders };
}

export type Decision = {
  userId: string;
  botId: string;
  chatId: number;
  telegramId: number;
  memberId: string | null;
  decision: GateDecisionKind;
  reason: string;
};

export async function recordDecision(sql: Queryable, decision: Decision) {
  await sql`
    insert into access_gate_decisions (user_id, bot_id, chat_id, telegram_id, member_id, decision, reason)
    values (${decision.userId}, ${decision.botId}, ${decision.chatId}, ${decision.telegramId}, ${decision.memberId}, ${decision.decision}, ${decision.reason})`;
}

/** The workspace of an access, for the rows the bot writes about it. */
export function memberOwner(sql: Queryable, memberId: string) {
  return sql<{ userId: string }[]>`select user_id as "userId" from access_members where id = ${memberId}`;
}
