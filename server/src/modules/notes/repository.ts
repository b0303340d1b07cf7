/**
 * Internal notes (migration 0770). Every query is scoped by the workspace (`user_id`), so another workspace's contact
 * or note is simply not found; a note under a bot in the trash is hidden with its bot (docs/decisions.md#bot-trash).
 */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type NoteRow = {
  id: string; contactId: string; botId: string; text: string; authorId: string | null; authorName: string | null; createdAt: Date;
};

const noteColumns = (sql: Queryable) => sql`
  n.id, n.contact_id as "contactId", n.bot_id as "botId", n.text, n.author_id as "authorId",
  (select u.name from users u where u.id = n.author_id) as "authorName", n.created_at as "createdAt"`;

/**
 * Stores the note under the workspace's contact unless a note with that id exists (a replay). Answers whether this
 * call inserted it; false also when the contact is not the workspace's (the caller checked it before).
 */
export async function insertNote(sql: Queryable, userId: string, note: { id: string; contactId: string; text: string; authorId: string | null }) {
  const rows = await sql<{ id: string }[]>`
    insert into conversation_notes (id, user_id, contact_id, bot_id, author_id, text)
    select ${note.id}, c.user_id, c.id, c.bot_id, ${note.authorId}, ${note.text}
    from contacts c where c.id = ${note.contactId} and c.user_id = ${userId} and ${notTrashedBot(sql, userId, 'c.bot_id')}
    on conflict (id) do nothing
    returning id`;
  return rows.length > 0;
}

/** Which workspace holds the note id, if any (a replay, or another workspace's id). */
export async function ownerOfNote(sql: Queryable, id: string) {
  const rows = await sql<{ userId: string }[]>`select user_id as "userId" from conversation_notes where id = ${id}`;
  return rows[0]?.userId;
}

export function findNotesByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<NoteRow[]>`select ${noteColumns(sql)} from conversation_notes n
    where n.user_id = ${userId} and n.id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'n.bot_id')}`;
}

/** The contact's newest `limit` notes, oldest first. */
export async function listContactNotes(sql: Queryable, userId: string, contactId: string, limit: number) {
  const rows = await sql<NoteRow[]>`select ${noteColumns(sql)} from conversation_notes n
    where n.contact_id = ${contactId} and n.user_id = ${userId}
    order by n.created_at desc, n.id desc limit ${limit}`;
  return rows.reverse();
}
