/**
 * Internal notes of a conversation (docs/product.md#screen-chat): a member writes one, every member of the workspace
 * reads it, Telegram never sees it. Notes live apart from messages (migration 0770), so the conversation's last
 * message, its unread count, stats and the dashboard never count them. A note's id, made by the client, makes its
 * creation idempotent: a replayed push or a double click stores it once.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { NOTES_LIMIT, noteSchema, type Note, type noteInputSchema } from '@shared/notes/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound, unusableId } from '../../lib/errors.ts';
import type { InboxAnnouncer } from '../messages/announcer.ts';
import { findOwnedContact } from '../messages/service.ts';
import * as repo from './repository.ts';

export type NotesDeps = { sql: Queryable; announce: InboxAnnouncer };
export type NoteInput = z.output<typeof noteInputSchema>;

export const toNote = (row: repo.NoteRow): Note =>
  noteSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * Stores the note by `authorId` unless its id is already the workspace's (a replay: nothing changes). Another
 * workspace's contact is a 404, another workspace's note id an unusable id (400). Answers the stored note and
 * whether this call created it (then the team's consoles are told).
 */
export async function storeNote(sql: Queryable, userId: string, contactId: string, input: NoteInput & { id: string }, authorId: string | null) {
  const contact = await findOwnedContact(sql, userId, contactId);
  if (!contact) throw notFound();
  const created = await repo.insertNote(sql, userId, { id: input.id, contactId, text: input.text, authorId });
  if (!created && (await repo.ownerOfNote(sql, input.id)) !== userId) throw unusableId();
  const [row] = await repo.findNotesByIds(sql, userId, [input.id]);
  if (!row || row.contactId !== contactId) throw unusableId();
  return { note: toNote(row), created, botId: contact.botId };
}

/** POST /messages/contact/{id}/notes. */
export async function createNote(deps: NotesDeps, userId: string, contactId: string, input: NoteInput, authorId: string): Promise<Note> {
  const stored = await storeNote(deps.sql, userId, contactId, { ...input, id: input.id ?? randomUUID() }, authorId);
  if (stored.created) deps.announce.changed({ userId, contactId, botId: stored.botId });
  return stored.note;
}

/** GET /messages/contact/{id}/notes: the newest NOTES_LIMIT, oldest first. */
export async function listNotes(deps: { sql: Queryable }, userId: string, contactId: string): Promise<Note[]> {
  if (!(await findOwnedContact(deps.sql, userId, contactId))) throw notFound();
  return (await repo.listContactNotes(deps.sql, userId, contactId, NOTES_LIMIT)).map(toNote);
}

export const findNotesByIds = repo.findNotesByIds;
