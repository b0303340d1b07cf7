/** The flow test's reads (flow-test.ts): the bot's username and the contact the test runs as. */
import type { Queryable } from '../../db/client.ts';
import type { FlowTestInput } from '../../ports/bot-runtime.ts';

export type ContactRow = { telegramId: bigint; firstName: string; lastName: string | null; username: string | null; phoneNumber: string | null };

export async function botUsername(sql: Queryable, botId: string) {
  const [row] = await sql<{ username: string }[]>`select username from bots where id = ${botId}`;
  return row?.username;
}

export async function findContact(sql: Queryable, userId: string, botId: string, input: FlowTestInput) {
  const rows = input.contactId
    ? await sql<ContactRow[]>`
        select c.telegram_id as "telegramId", c.first_name as "firstName", c.last_name as "lastName", c.username,
               c.phone_number as "phoneNumber"
        from contacts c join bots b on b.id = c.bot_id
        where c.id = ${input.contactId} and c.bot_id = ${botId} and b.user_id = ${userId}`
    : await sql<ContactRow[]>`
        select c.telegram_id as "telegramId", c.first_name as "firstName", c.last_name as "lastName", c.username,
               c.phone_number as "phoneNumber"
        from contacts c join bots b on b.id = c.bot_id
        where c.telegram_id = ${String(input.telegramId)} and c.bot_id = ${botId} and b.user_id = ${userId}`;
  return rows[0];
}
