/**
 * Internal notes of a conversation (docs/product.md#screen-chat): written by a member, read by every member of the
 * workspace, never sent to Telegram. A note's `id` is made by the client (its idempotency key, as a reply's is).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

export const NOTE_MAX_LENGTH = 4096;
/** The newest notes of a contact GET /messages/contact/{id}/notes answers (devices cache all of them). */
export const NOTES_LIMIT = 500;

export const NOTE_TEXTS = {
  label: 'Nota interna',
  blank: 'A nota não pode ser vazia',
  tooLong: `Nota muito longa (máximo ${NOTE_MAX_LENGTH} caracteres)`,
  invalidId: 'Identificador inválido',
} as const;

export const noteSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  botId: z.string(),
  text: z.string(),
  /** The member who wrote it; null once that account is gone (the note stays the workspace's). */
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});

export const noteTextSchema = storableString()
  .trim()
  .min(1, { error: NOTE_TEXTS.blank })
  .max(NOTE_MAX_LENGTH, { error: NOTE_TEXTS.tooLong });

/** POST /messages/contact/{id}/notes. */
export const noteInputSchema = z.object({ id: z.uuid({ error: NOTE_TEXTS.invalidId }).optional(), text: noteTextSchema });

export const noteResponseSchema = successEnvelope(z.object({ note: noteSchema }));
export const notesResponseSchema = successEnvelope(z.object({ notes: z.array(noteSchema) }));

export type Note = z.infer<typeof noteSchema>;
export type NoteInput = z.input<typeof noteInputSchema>;
