/** Contact queries, scoped by the owner through the contact's bot (docs/decisions.md#d-api-conventions). */
import type { Queryable } from '../../db/client.ts';

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
};

export type ContactPage = { botId?: string | undefined; limit: number; offset: number };

const columns = (sql: Queryable) => sql`
  c.id, c.bot_id as "botId", c.telegram_id as "telegramId", c.first_name as "firstName",
  c.last_name as "lastName", c.username, c.is_bot as "isBot", c.language_code as "languageCode",
  c.phone_number as "phoneNumber", c.message_count as "messageCount",
  c.last_interaction_at as "lastInteractionAt", c.created_at as "createdAt"`;

export async function listContacts(sql: Queryable, userId: string, page: ContactPage) {
  const filter = page.botId ? sql`and c.bot_id = ${page.botId}` : sql``;
  const [rows, counts] = await Promise.all([
    sql<ContactRow[]>`
      select ${columns(sql)}
      from contacts c join bots b on b.id = c.bot_id
      where b.user_id = ${userId} ${filter}
      order by c.last_interaction_at desc, c.id
      limit ${page.limit} offset ${page.offset}`,
    sql<{ total: number }[]>`
      select count(*)::int as total from contacts c join bots b on b.id = c.bot_id
      where b.user_id = ${userId} ${filter}`,
  ]);
  return { rows, total: counts[0]?.total ?? 0 };
}

/** The user's contacts among `ids` (offline sync pull). */
export function findContactsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<ContactRow[]>`select ${columns(sql)} from contacts c where c.user_id = ${userId} and c.id = any(${ids}::uuid[])`;
}
