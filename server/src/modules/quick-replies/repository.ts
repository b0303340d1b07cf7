/** Quick replies (migration 0770): every query scoped by the workspace (`user_id`); one shortcut per workspace. */
import type { Queryable } from '../../db/client.ts';

export type QuickReplyRow = { id: string; shortcut: string; text: string; createdAt: Date; updatedAt: Date };

const columns = (sql: Queryable) => sql`id, shortcut, text, created_at as "createdAt", updated_at as "updatedAt"`;

export function listQuickReplies(sql: Queryable, userId: string) {
  return sql<QuickReplyRow[]>`select ${columns(sql)} from quick_replies where user_id = ${userId} order by shortcut`;
}

export function findQuickRepliesByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<QuickReplyRow[]>`select ${columns(sql)} from quick_replies where user_id = ${userId} and id = any(${ids}::uuid[])`;
}

/**
 * Inserts the reply while the workspace holds fewer than `max` and the shortcut is free. Answers the row, or why not.
 * The workspace's row is locked first, so two concurrent creations cannot both pass the count.
 */
export async function insertQuickReply(sql: Queryable, userId: string, reply: { id: string; shortcut: string; text: string }, max: number) {
  await sql`select 1 from workspaces where id = ${userId} for update`;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from quick_replies where user_id = ${userId}`;
  if ((counted?.n ?? 0) >= max) return 'limit' as const;
  const rows = await sql<QuickReplyRow[]>`
    insert into quick_replies (id, user_id, shortcut, text) values (${reply.id}, ${userId}, ${reply.shortcut}, ${reply.text})
    on conflict (user_id, shortcut) do nothing
    returning ${columns(sql)}`;
  return rows[0] ?? ('taken' as const);
}

/** Answers the changed row, undefined when it is not the workspace's, 'taken' when the new shortcut is another's. */
export async function updateQuickReply(sql: Queryable, userId: string, id: string, patch: { shortcut?: string | undefined; text?: string | undefined }) {
  if (patch.shortcut !== undefined) {
    const [clash] = await sql<{ id: string }[]>`
      select id from quick_replies where user_id = ${userId} and shortcut = ${patch.shortcut} and id <> ${id}`;
    if (clash) return 'taken' as const;
  }
  const rows = await sql<QuickReplyRow[]>`
    update quick_replies set shortcut = coalesce(${patch.shortcut ?? null}, shortcut), text = coalesce(${patch.text ?? null}, text),
      updated_at = now()
    where id = ${id} and user_id = ${userId}
    returning ${columns(sql)}`;
  return rows[0];
}

export async function deleteQuickReply(sql: Queryable, userId: string, id: string) {
  const rows = await sql<{ id: string }[]>`delete from quick_replies where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
