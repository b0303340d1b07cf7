/**
 * Rows of a trashed bot are hidden from every console read (docs/decisions.md#bot-trash). Queries that join `bots`
 * add `b.deleted_at is null`; the others filter their bot id column with this: the user's trashed bot ids are read
 * once (a partial index, a handful of rows) and compared per row, so the query keeps its own index and order.
 */
import type { Queryable } from './client.ts';

/** `botIdColumn` is a column name written in the caller's code (never input), e.g. `c.bot_id`. */
export const notTrashedBot = (sql: Queryable, userId: string, botIdColumn: `${string}bot_id`) =>
  sql`${sql.unsafe(botIdColumn)} <> all(array(select t.id from bots t where t.user_id = ${userId} and t.deleted_at is not null))`;
