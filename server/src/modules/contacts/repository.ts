/**
 * Contact queries, always scoped by the owner (docs/decisions.md#d-api-conventions): contacts carry their owner's
 * `user_id` (migration 0400), so every read filters on it directly. Search uses the folded `search_text` column and
 * its trigram index (migration 0420).
 */
import type { ContactSortField } from '@shared/contacts/schemas.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable, Sql } from '../../db/client.ts';
import { carriesLabel, labelIdsColumn } from '../../db/contact-labels.ts';

export type ContactRow = {
  id: string;
  botId: string;
  telegramId: bigint;
  firstName: string;
  lastName: string | null;
  username: string | null;
  isBot: boolean;
  languageCode: string | null;
  phoneNumber: string | null;
  messageCount: number;
  lastInteractionAt: Date;
  createdAt: Date;
  awaitingStart?: boolean;
  /** Absent where a query does not read them (the inbox's list): the contract reads that as none. */
  labelIds?: string[];
};

export type ContactViewRow = ContactRow & { botName: string; botUsername: string; funnelEnteredAt?: Date | null };

export type ContactListFilter = {
  botId?: string | undefined;
  /** Folded here by the database's own contact_search_fold, so the term and the column fold alike. */
  search?: string | undefined;
  isBot?: boolean | undefined;
  /** Contacts attributed to this funnel (an entry in funnel_entries); the funnel's ownership is checked before. */
  funnelId?: string | undefined;
  /** Contacts carrying this label; its ownership is checked before. */
  label?: string | undefined;
};

export type ContactPage = ContactListFilter & {
  limit: number;
  offset: number;
  sortBy: ContactSortField;
  sortOrder: 'asc' | 'desc';
};

const columns = (sql: Queryable) => sql`
  c.id, c.bot_id as "botId", c.telegram_id as "telegramId", c.first_name as "firstName",
  c.last_name as "lastName", c.username, c.is_bot as "isBot", c.language_code as "languageCode",
  c.phone_number as "phoneNumber", c.message_count as "messageCount",
  c.last_interaction_at as "lastInteractionAt", c.created_at as "createdAt", c.awaiting_start as "awaitingStart",
  ${labelIdsColumn(sql, 'c.id')} as "labelIds"`;

const viewColumns = (sql: Queryable) => sql`${columns(sql)}, b.name as "botName", b.username as "botUsername"`;

const SORT_COLUMNS: Record<ContactSortField, string> = {
  lastInteractionAt: 'c.last_interaction_at',
  createdAt: 'c.created_at',
  firstName: 'c.first_name',
  messageCount: 'c.message_count',
};

/** LIKE treats % and _ as wildcards: a search for "50%" means the text "50%". */
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function contactsWhere(sql: Queryable, userId: string, filter: ContactListFilter) {
  return sql`
    c.user_id = ${userId} and ${notTrashedBot(sql, userId, 'c.bot_id')}
    ${filter.botId ? sql`and c.bot_id = ${filter.botId}` : sql``}
    ${filter.isBot === undefined ? sql`` : sql`and c.is_bot = ${filter.isBot}`}
    ${filter.search ? sql`and c.search_text like contact_search_fold(${likeContains(filter.search)})` : sql``}
    ${filter.funnelId ? sql`and exists (select 1 from funnel_entries fe where fe.contact_id = c.id and fe.funnel_id = ${filter.funnelId})` : sql``}
    ${filter.label ? sql`and ${carriesLabel(sql, 'c.id', filter.label)}` : sql``}`;
}

/**
 * Custom plans for a search: the pool prepares every statement (src/db/client.ts), and after five runs PostgreSQL
 * may keep one generic plan for all terms, blind to the pattern (it walked all 1 000 000 contacts in last-interaction
 * order for a Telegram id: 2.8 s). `force_custom_plan` plans each search for its own term, so a selective term reads
 * the trigram index and a broad one walks the bot's last-interaction index (docs/decisions.md#p-contacts). Its own
 * transaction on the pool; inside a caller's transaction, that transaction's settings apply.
 */
function withCustomPlans<T>(sql: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!('begin' in sql)) return work(sql);
  return (sql as Sql).begin(async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    return work(tx);
  }) as Promise<T>;
}

/**
 * A page and its total. With a search, `totalCap` bounds the count: it stops after `totalCap + 1` matches (a term
 * matching 1 contact in 40 would otherwise read every match of a million-contact bot) and answers `capped` when
 * there are more than `totalCap`, `total` then being the lower bound `totalCap`.
 */
export async function listContacts(sql: Queryable, userId: string, page: ContactPage, totalCap?: number) {
  const search = page.search !== undefined && page.search !== '';
  const rowsQuery = (tx: Queryable) => {
    const direction = page.sortOrder === 'asc' ? tx`asc` : tx`desc`;
    const entered = page.funnelId
      ? tx`, (select max(fe.entered_at) from funnel_entries fe where fe.contact_id = c.id and fe.funnel_id = ${page.funnelId}) as "funnelEnteredAt"`
      : tx``;
    return tx<ContactViewRow[]>`
      select ${viewColumns(tx)} ${entered}
      from contacts c join bots b on b.id = c.bot_id
      where ${contactsWhere(tx, userId, page)}
      order by ${tx.unsafe(SORT_COLUMNS[page.sortBy])} ${direction}, c.id ${direction}
      limit ${page.limit} offset ${page.offset}`;
  };
  const countQuery = (tx: Queryable) =>
    totalCap === undefined
      ? tx<{ total: number }[]>`select count(*)::int as total from contacts c where ${contactsWhere(tx, userId, page)}`
      : tx<{ total: number }[]>`
          select count(*)::int as total
          from (select 1 from contacts c where ${contactsWhere(tx, userId, page)} limit ${totalCap + 1}) capped`;
  const [rows, counts] = search
    ? await Promise.all([withCustomPlans(sql, rowsQuery), withCustomPlans(sql, countQuery)])
    : await Promise.all([rowsQuery(sql), countQuery(sql)]);
  const counted = counts[0]?.total ?? 0;
  const capped = totalCap !== undefined && counted > totalCap;
  return { rows, total: capped ? totalCap : counted, capped };
}

export async function findContact(sql: Queryable, userId: string, contactId: string) {
  const rows = await sql<ContactViewRow[]>`
    select ${viewColumns(sql)} from contacts c join bots b on b.id = c.bot_id
    where c.id = ${contactId} and c.user_id = ${userId} and b.deleted_at is null`;
  return rows[0];
}

export async function funnelOwned(sql: Queryable, userId: string, funnelId: string) {
  const rows = await sql`select 1 from funnels where id = ${funnelId} and user_id = ${userId}`;
  return rows.length > 0;
}

export async function botOwned(sql: Queryable, userId: string, botId: string) {
  const rows = await sql`select 1 from bots where id = ${botId} and user_id = ${userId} and deleted_at is null`;
  return rows.length > 0;
}

export type ContactStatsRow = { total: number; humans: number; bots: number; withUsername: number; recentlyActive: number };

export async function contactStats(sql: Queryable, userId: string, botId: string | undefined, activeSince: Date) {
  const rows = await sql<ContactStatsRow[]>`
    select count(*)::int as total,
           count(*) filter (where not c.is_bot)::int as humans,
           count(*) filter (where c.is_bot)::int as bots,
           count(*) filter (where c.username is not null)::int as "withUsername",
           count(*) filter (where c.last_interaction_at >= ${activeSince} and not c.awaiting_start)::int as "recentlyActive"
    from contacts c
    where c.user_id = ${userId} and ${notTrashedBot(sql, userId, 'c.bot_id')} ${botId ? sql`and c.bot_id = ${botId}` : sql``}`;
  return rows[0] ?? { total: 0, humans: 0, bots: 0, withUsername: 0, recentlyActive: 0 };
}

/** Every bot of the user with its contact count (bots without contacts count 0), most contacts first. */
export function contactsByBot(sql: Queryable, userId: string) {
  return sql<{ botId: string; botName: string; botUsername: string; count: number }[]>`
    select b.id as "botId", b.name as "botName", b.username as "botUsername",
           (select count(*) from contacts c where c.bot_id = b.id)::int as count
    from bots b where b.user_id = ${userId} and b.deleted_at is null
    order by count desc, b.name, b.id`;
}

/** The bot's top contacts by `order`: most messages (most-active) or newest (recent). */
export function topContacts(sql: Queryable, userId: string, botId: string, order: 'messages' | 'newest', limit: number) {
  const orderBy = order === 'messages' ? sql`c.message_count desc, c.last_interaction_at desc, c.id` : sql`c.created_at desc, c.id`;
  return sql<ContactViewRow[]>`
    select ${viewColumns(sql)} from contacts c join bots b on b.id = c.bot_id
    where c.user_id = ${userId} and c.bot_id = ${botId} and b.deleted_at is null
    order by ${orderBy} limit ${limit}`;
}

export type ContactEdit = {
  firstName?: string | undefined;
  lastName?: string | null | undefined;
  phoneNumber?: string | null | undefined;
};

export type EditedContact = ContactViewRow & { firstNameChanged: boolean; lastNameChanged: boolean; phoneNumberChanged: boolean };

/**
 * Only the fields given change. One statement: `before` is the row as the statement found it, so which watched
 * fields changed is exact without a second read (the same idea as the contact journal's upsert).
 */
export async function updateContact(sql: Queryable, userId: string, contactId: string, edit: ContactEdit) {
  const rows = await sql<EditedContact[]>`
    with before as (
      select id, first_name, last_name, phone_number from contacts
      where id = ${contactId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')} for update
    ),
    written as (
      update contacts c set
        first_name = ${edit.firstName === undefined ? sql`c.first_name` : sql`${edit.firstName}`},
        last_name = ${edit.lastName === undefined ? sql`c.last_name` : sql`${edit.lastName}`},
        phone_number = ${edit.phoneNumber === undefined ? sql`c.phone_number` : sql`${edit.phoneNumber}`},
        updated_at = now()
      from before
      where c.id = before.id
      returning c.*, before.first_name is distinct from c.first_name as "firstNameChanged",
        before.last_name is distinct from c.last_name as "lastNameChanged",
        before.phone_number is distinct from c.phone_number as "phoneNumberChanged"
    )
    select ${viewColumns(sql)}, c."firstNameChanged", c."lastNameChanged", c."phoneNumberChanged"
    from written c join bots b on b.id = c.bot_id`;
  return rows[0];
}

/** Its messages go with it (messages.contact_id ON DELETE CASCADE, docs/decisions.md#d-contacts). */
export async function deleteContact(sql: Queryable, userId: string, contactId: string) {
  const rows = await sql`delete from contacts where id = ${contactId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')} returning id`;
  return rows.length > 0;
}

/** The user's contacts among `ids` (offline sync pull). */
export function findContactsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<ContactRow[]>`select ${columns(sql)} from contacts c
    where c.user_id = ${userId} and c.id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'c.bot_id')}`;
}
