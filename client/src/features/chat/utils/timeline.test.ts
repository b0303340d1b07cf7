import { describe, expect, test } from 'bun:test';
import type { Message } from '@shared/messages/schemas.ts';
import type { Note } from '@shared/notes/schemas.ts';
import { timeline } from './timeline.ts';

const message = (id: string, createdAt: string): Message => ({
  id, contactId: 'c', botId: 'b', direction: 'INCOMING', type: 'TEXT', source: 'CONTACT', content: id, buttons: [], mediaName: null,
  status: 'SENT', error: null, createdAt,
});
const note = (id: string, createdAt: string): Note => ({ id, contactId: 'c', botId: 'b', text: id, authorId: 'u', authorName: 'Ana', createdAt });
const ids = (items: ReturnType<typeof timeline>) => items.map((item) => (item.kind === 'message' ? item.message.id : item.note.id));

describe('conversation timeline', () => {
  const messages = [message('m1', '2026-01-01T10:00:00Z'), message('m2', '2026-01-01T12:00:00Z')];

  test('notes sit between the messages by time', () => {
    expect(ids(timeline(messages, [note('n1', '2026-01-01T11:00:00Z'), note('n2', '2026-01-01T13:00:00Z')], false))).toEqual(['m1', 'n1', 'm2', 'n2']);
  });

  test('a note older than the oldest loaded message waits for the older page, unless there is none', () => {
    const old = [note('n0', '2025-12-31T09:00:00Z')];
    expect(ids(timeline(messages, old, false))).toEqual(['m1', 'm2']);
    expect(ids(timeline(messages, old, true))).toEqual(['n0', 'm1', 'm2']);
    expect(ids(timeline([], old, false))).toEqual(['n0']);
  });
});
