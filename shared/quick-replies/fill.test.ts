import { describe, expect, test } from 'bun:test';
import { fillQuickReply, matchQuickReplies } from './fill.ts';
import { quickReplyInputSchema } from './schemas.ts';

describe('quick replies', () => {
  test("a reply's variables take the contact's names; @username falls back to the first name; unknown ones stay", () => {
    const text = 'Oi {firstName} {lastName} ({fullName}, {username}) {channel}';
    expect(fillQuickReply(text, { firstName: 'Ana', lastName: 'Lima', username: 'ana' })).toBe('Oi Ana Lima (Ana Lima, @ana) {channel}');
    expect(fillQuickReply(text, { firstName: 'Ana', lastName: null, username: null })).toBe('Oi Ana  (Ana, Ana) {channel}');
    // Plain text: nothing is escaped.
    expect(fillQuickReply('{firstName}', { firstName: '<b>&', lastName: null, username: null })).toBe('<b>&');
  });

  test('matches: starting with the word first, then containing it, each by shortcut', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const replies = ['pagamento', 'ajuda', 'boas-vindas', 'pix'].map((shortcut) => ({ id: shortcut, shortcut, text: '', createdAt: at, updatedAt: at }));
    expect(matchQuickReplies(replies, 'p').map((reply) => reply.shortcut)).toEqual(['pagamento', 'pix']);
    expect(matchQuickReplies(replies, 'a').map((reply) => reply.shortcut)).toEqual(['ajuda', 'boas-vindas', 'pagamento']);
    expect(matchQuickReplies(replies, '').map((reply) => reply.shortcut)).toEqual(['ajuda', 'boas-vindas', 'pagamento', 'pix']);
  });

  test('a shortcut loses its leading / and capitals', () => {
    expect(quickReplyInputSchema.parse({ shortcut: ' /Boas-Vindas ', text: ' Olá ' })).toEqual({ shortcut: 'boas-vindas', text: 'Olá' });
  });
});
