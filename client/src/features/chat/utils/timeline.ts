/**
 * A conversation's timeline: its messages and its internal notes by time. A note older than the oldest message
 * shown waits until older messages are loaded (else it would sit above messages it came after).
 */
import type { Message } from '@shared/messages/schemas.ts';
import type { Note } from '@shared/notes/schemas.ts';

export type TimelineItem = { kind: 'message'; message: Message } | { kind: 'note'; note: Note };

const timeOf = (item: TimelineItem) => (item.kind === 'message' ? item.message.createdAt : item.note.createdAt);

export function timeline(messages: readonly Message[], notes: readonly Note[], complete: boolean): TimelineItem[] {
  const oldest = messages[0]?.createdAt;
  const shown = complete || oldest === undefined ? notes : notes.filter((note) => note.createdAt >= oldest);
  const items: TimelineItem[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message })),
    ...shown.map((note) => ({ kind: 'note' as const, note })),
  ];
  // Stable: a message and a note of the same instant keep messages first.
  return items.sort((a, b) => (timeOf(a) < timeOf(b) ? -1 : timeOf(a) > timeOf(b) ? 1 : 0));
}
