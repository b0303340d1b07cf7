/**
 * Inbox queries (migration 0500). Every query is scoped by the owner (`user_id` of the message or conversation), so
 * another user's contact or message is simply not found (docs/decisions.md#d-api-conventions).
 */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type MessageRow = {
  uid: string;
  contactId: string;
  botId: string;
  direction: 'in' | 'out';
  type: string;
  source: 'contact' | 'operator' | 'flow' | 'welcome' | 'broadcast';
  buttons: unknown;
  text: string | null;
  mediaName: string | null;
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  createdAt: Date;
  memberId: string | null;
  memberName: string | null;
};

const messageColumns = (sql: Queryable) => sql`
  m.uid, m.contact_id as "contactId", m.bot_id as "botId", m.direction, m.type, m.source, m.buttons, m.text,
  coalesce(m.payload->'document'->>'file_name', m.payload->'audio'->>'file_name', m.payload->'sticker'->>'emoji') as "mediaName",
  m.status, m.error, m.created_at as "createdAt", m.member_id as "memberId",
  (select u.name from users u where u.id = m.member_id) as "memberName"`;

export type ConversationRow = {
  contactId: string;
  botId: string;
  lastMessageUid: string;
  lastMessageAt: Date;
  unreadCount: number;
  assigneeId: string | null;
  status: string;
  botName: string;
  /** The contact's columns, in the shape the contacts service maps (toContact). */
  contact: {
    id: string; botId: string; telegramId: bigint; firstName: string; lastName: string | null; username: string | null;
    isBot: boolean; languageCode: string | null; phoneNumber: string | null; messageCount: number;
    lastInteractionAt: Date; createdAt: Date;
  };
  last: Pick<MessageRow, 'direction' | 'type' | 'text' | 'status' | 'source'>;
};

type FlatConversation = Omit<ConversationRow, 'contact' | 'last'> & {
  [K in keyof ConversationRow['contact'] as `c_${K}`]: ConversationRow['contact'][K];
} & { [K in keyof ConversationRow['last'] as `m_${K}`]: ConversationRow['last'][K] };

/**
 * The newest conversations meeting `where` (conversation-filters.ts, over `v`): one index range of `conversations`,
 * then their contact, bot and last message.
 */
export async function listConversations(sql: Queryable, where: ReturnType<typeof notTrashedBot>, limit: number): Promise<ConversationRow[]> {
  const rows = await sql<FlatConversation[]>`
    select v.contact_id as "contactId", v.bot_id as "botId", v.last_message_uid as "lastMessageUid",
           v.last_message_at as "lastMessageAt", v.unread_count as "unreadCount", b.name as "botName",
           v.assignee_id as "assigneeId", v.status,
           c.id as "c_id", c.bot_id as "c_botId", c.telegram_id as "c_telegramId", c.first_name as "c_firstName",
           c.last_name as "c_lastName", c.username as "c_username", c.is_bot as "c_isBot",
           c.language_code as "c_languageCode", c.phone_number as "c_phoneNumber", c.message_count as "c_messageCount",
           c.last_interaction_at as "c_lastInteractionAt", c.created_at as "c_createdAt",
           m.direction as "m_direction", m.type as "m_type", m.text as "m_text", m.status as "m_status", m.source as "m_source"
    from conversations v
    join contacts c on c.id = v.contact_id
    join bots b on b.id = v.bot_id
    join messages m on m.id = v.last_message_id
    where ${where}
    order by v.last_message_at desc, v.contact_id
    limit ${limit}`;
  return rows.map((row) => ({
    contactId: row.contactId, botId: row.botId, lastMessageUid: row.lastMessageUid, lastMessageAt: row.lastMessageAt,
    unreadCount: row.unreadCount, assigneeId: row.assigneeId, status: row.status, botName: row.botName,
    contact: {
      id: row.c_id, botId: row.c_botId, telegramId: row.c_telegramId, firstName: row.c_firstName, lastName: row.c_lastName,
      username: row.c_username, isBot: row.c_isBot, languageCode: row.c_languageCode, phoneNumber: row.c_phoneNumber,
      messageCount: row.c_messageCount, lastInteractionAt: row.c_lastInteractionAt, createdAt: row.c_createdAt,
    },
    last: { direction: row.m_direction, type: row.m_type, text: row.m_text, status: row.m_status, source: row.m_source },
  }));
}

/** The user's conversation rows among `contactIds` (offline sync pull). */
export function findConversationsByContactIds(sql: Queryable, userId: string, contactIds: string[]) {
  return sql<Array<Pick<ConversationRow, 'contactId' | 'botId' | 'lastMessageUid' | 'lastMessageAt' | 'unreadCount' | 'assigneeId' | 'status'>>>`
    select contact_id as "contactId", bot_id as "botId", last_message_uid as "lastMessageUid",
           last_message_at as "lastMessageAt", unread_count as "unreadCount", assignee_id as "assigneeId", status
    from conversations
    where user_id = ${userId} and contact_id = any(${contactIds}::uuid[]) and ${notTrashedBot(sql, userId, 'bot_id')}`;
}

export function findMessagesByUids(sql: Queryable, userId: string, uids: string[]) {
  return sql<MessageRow[]>`select ${messageColumns(sql)} from messages m
    where m.user_id = ${userId} and m.uid = any(${uids}::uuid[]) and ${notTrashedBot(sql, userId, 'm.bot_id')}`;
}

export type OwnedContact = { id: string; botId: string; telegramId: bigint };

export async function findOwnedContact(sql: Queryable, userId: string, contactId: string) {
  const rows = await sql<OwnedContact[]>`
    select id, bot_id as "botId", telegram_id as "telegramId" from contacts
    where id = ${contactId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`;
  return rows[0];
}

/** A page of one contact's messages, newest first; `before` (a message uid of the same contact) pages back. */
export function listContactMessages(sql: Queryable, userId: string, contactId: string, limit: number, before?: string) {
  const older = before
    ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.uid = ${before} and b.contact_id = ${contactId})`
    : sql``;
  return sql<MessageRow[]>`
    select ${messageColumns(sql)} from messages m
    where m.contact_id = ${contactId} and m.user_id = ${userId} ${older}
    order by m.created_at desc, m.id desc
    limit ${limit}`;
}

export async function findMessage(sql: Queryable, userId: string, uid: string) {
  const rows = await findMessagesByUids(sql, userId, [uid]);
  return rows[0];
}

/** Marks one incoming message read; answers whether the message is the user's. */
export async function markRead(sql: Queryable, userId: string, uid: string) {
  const rows = await sql<{ contactId: string; botId: string }[]>`
    update messages set read_at = coalesce(read_at, now())
    where uid = ${uid} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}
    returning contact_id as "contactId", bot_id as "botId"`;
  return rows[0];
}

/** Marks every unread incoming message of the contact read; answers how many changed. */
export async function markAllRead(sql: Queryable, contactId: string) {
  const rows = await sql<{ n: number }[]>`
    with changed as (
      update messages set read_at = now()
      where contact_id = ${contactId} and direction = 'in' and read_at is null
      returning 1)
    select count(*)::int as n from changed`;
  return rows[0]?.n ?? 0;
}

export async function stats(sql: Queryable, userId: string, botId: string | undefined) {
  const bot = sql`and ${notTrashedBot(sql, userId, 'bot_id')} ${botId ? sql`and bot_id = ${botId}` : sql``}`;
  const rows = await sql<{ sent: number; received: number; unread: number }[]>`
    select
      (select count(*)::int from messages where user_id = ${userId} and direction = 'out' ${bot}) as sent,
      (select count(*)::int from messages where user_id = ${userId} and direction = 'in' and not messages_is_activity(type) ${bot}) as received,
      (select coalesce(sum(unread_count), 0)::int from conversations where user_id = ${userId} ${bot}) as unread`;
  const row = rows[0] ?? { sent: 0, received: 0, unread: 0 };
  return { total: row.sent + row.received, ...row };
}

export type Claim = { uid: string; contactId: string; botId: string; chatId: number; text: string };

/**
 * Takes the reply's id: inserts the outgoing row as 'sending' unless a row with that id exists. Only the caller
 * that inserted it may call Telegram (docs/decisions.md#p-inbox), so a replay or a concurrent double request sends
 * once. Answers the claimed row, or undefined when the id was already taken (by this or any other request).
 */
export async function claimOutgoing(sql: Queryable, userId: string, input: { uid: string; contactId: string; text: string; memberId: string | null }) {
  const rows = await sql<{ uid: string; contactId: string; botId: string; chatId: number }[]>`
    insert into messages (uid, bot_id, contact_id, chat_id, direction, text, type, source, status, member_id)
    select ${input.uid}, c.bot_id, c.id, c.telegram_id, 'out', ${input.text}, 'TEXT', 'operator', 'sending', ${input.memberId}
    from contacts c where c.id = ${input.contactId} and c.user_id = ${userId} and ${notTrashedBot(sql, userId, 'c.bot_id')}
    on conflict (uid) do nothing
    returning uid, contact_id as "contactId", bot_id as "botId", chat_id::float8 as "chatId"`;
  const row = rows[0];
  return row ? { ...row, text: input.text } : undefined;
}

/** Who holds the id: the owner's message, or another user's (a conflict), or nobody. */
export async function ownerOfUid(sql: Queryable, uid: string) {
  const rows = await sql<{ userId: string }[]>`select user_id as "userId" from messages where uid = ${uid}`;
  return rows[0]?.userId;
}

export async function recordDelivery(
  sql: Queryable,
  uid: string,
  outcome: { status: 'sent'; telegramMessageId: number; payload: unknown } | { status: 'failed'; error: string },
) {
  if (outcome.status === 'sent') {
    await sql`
      update messages set status = 'sent', error = null, telegram_message_id = ${outcome.telegramMessageId},
        payload = ${sql.json(JSON.parse(JSON.stringify(outcome.payload)))}
      where uid = ${uid} and status = 'sending'`;
  } else {
    await sql`update messages set status = 'failed', error = ${outcome.error} where uid = ${uid} and status = 'sending'`;
  }
}

/**
 * Claims older than `olderThanMs` whose sender is gone (the process stopped between the claim and the answer):
 * marked failed, never re-sent, since Telegram may have delivered (docs/decisions.md#p-inbox).
 */
export function failAbandonedClaims(sql: Queryable, olderThanMs: number, error: string) {
  return sql<{ userId: string; contactId: string; botId: string }[]>`
    update messages set status = 'failed', error = ${error}
    where status = 'sending' and created_at < now() - make_interval(secs => ${olderThanMs / 1000})
    returning user_id as "userId", contact_id as "contactId", bot_id as "botId"`;
}
