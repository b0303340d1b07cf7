import { describe, expect, test } from 'bun:test';
import type { Message } from '@shared/messages/schemas.ts';
import { ALL_CONVERSATIONS, filterConversations, messageMatches, searchTerm } from './conversation-filter.ts';

const row = (contactId: string, firstName: string, username: string | null, unreadCount = 0, botId = 'b1', assigneeId: string | null = null, status: 'OPEN' | 'PENDING' | 'RESOLVED' = 'OPEN') => ({
  contactId, botId, unreadCount, assigneeId, status, contact: { firstName, lastName: null, username, telegramId: contactId.replace('c', '10') },
});

const message = (contactId: string, content: string, createdAt: string): Message => ({
  id: `${contactId}-${createdAt}`, contactId, botId: 'b1', direction: 'INCOMING', type: 'TEXT', source: 'CONTACT', content, buttons: [],
  mediaName: null, status: 'SENT', error: null, createdAt,
});

const rows = [row('c1', 'Ana', 'ana_s', 2, 'b1', 'me'), row('c2', 'Bruno', null, 0, 'b2', 'other', 'PENDING'), row('c3', 'Célia', 'celia', 0, 'b1', null, 'RESOLVED')];

describe('conversation filters', () => {
  test('search finds a conversation by name, @username or the text of a cached message, ignoring case and accents', () => {
    const messages = [message('c2', 'Quero saber o PREÇO', '2026-01-01T10:00:00.000Z'), message('c2', 'preço de novo', '2026-01-01T11:00:00.000Z')];
    const ids = (search: string) => filterConversations(rows, { ...ALL_CONVERSATIONS, search }, messageMatches(messages, searchTerm(search))).map((r) => r.contactId);
    expect(ids('celia')).toEqual(['c3']);
    expect(ids('@ANA')).toEqual(['c1']);
    expect(ids('preco')).toEqual(['c2']);
    expect(ids('')).toEqual(['c1', 'c2', 'c3']);
    expect(ids('ninguém')).toEqual([]);
    expect(messageMatches(messages, 'preco').get('c2')?.content).toBe('preço de novo');
  });

  test('não lidas and one bot narrow the list', () => {
    expect(filterConversations(rows, { ...ALL_CONVERSATIONS, unreadOnly: true }, new Map()).map((r) => r.contactId)).toEqual(['c1']);
    expect(filterConversations(rows, { ...ALL_CONVERSATIONS, botId: 'b2' }, new Map()).map((r) => r.contactId)).toEqual(['c2']);
  });

  test('a label keeps the conversations whose contact carries it', () => {
    const labelled = [{ ...row('c1', 'Ana', null), contact: { ...row('c1', 'Ana', null).contact, labelIds: ['vip'] } }, row('c2', 'Bruno', null)];
    expect(filterConversations(labelled, { ...ALL_CONVERSATIONS, label: 'vip' }, new Map()).map((r) => r.contactId)).toEqual(['c1']);
    expect(filterConversations(labelled, { ...ALL_CONVERSATIONS, label: 'outra' }, new Map())).toEqual([]);
  });

  test('Minhas, Sem responsável and a status narrow the list, together', () => {
    const ids = (changes: Partial<typeof ALL_CONVERSATIONS>) => filterConversations(rows, { ...ALL_CONVERSATIONS, ...changes }, new Map(), 'me').map((r) => r.contactId);
    expect(ids({ assignee: 'mine' })).toEqual(['c1']);
    expect(ids({ assignee: 'none' })).toEqual(['c3']);
    expect(ids({ assignee: 'all', status: 'PENDING' })).toEqual(['c2']);
    expect(ids({ assignee: 'mine', status: 'RESOLVED' })).toEqual([]);
    // Signed out of the member's id (never the case on screen), "Minhas" is empty rather than everyone's.
    expect(filterConversations(rows, { ...ALL_CONVERSATIONS, assignee: 'mine' }, new Map()).map((r) => r.contactId)).toEqual([]);
  });
});
