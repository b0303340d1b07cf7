import { describe, expect, test } from 'bun:test';
import { pushNotification } from './notification.ts';

const contactId = crypto.randomUUID();
const row = { firstName: 'Ana', lastName: 'Souza', username: null, telegramId: 42n, unreadCount: 1, assigneeId: null, type: 'TEXT', text: 'Oi', mediaName: null };

describe('push notification text', () => {
  test('bidirectional controls in the name and the preview cannot reorder what the system draws', () => {
    const push = pushNotification(contactId, { ...row, firstName: '\u202Eevil', lastName: 'Souza\u2067', text: 'veja https://evil.example/\u202Egpj.exe \u200Fok\u2069', unreadCount: 2 });
    expect(push.title).toBe('2 novas mensagens de evil Souza');
    expect(push.body).toBe('veja https://evil.example/gpj.exe ok');
  });

  test('a document name loses them too; honest text is unchanged', () => {
    const push = pushNotification(contactId, { ...row, type: 'DOCUMENT', text: null, mediaName: 'fatura\u202Efdp.exe' });
    expect(push.body).toBe('Documento: faturafdp.exe');
    expect(pushNotification(contactId, { ...row, firstName: 'محمد', lastName: null, text: '👨‍👩‍👧 می‌خواهم' })).toMatchObject({ title: 'Nova mensagem de محمد', body: '👨‍👩‍👧 می‌خواهم' });
  });

  test('an assignment names the conversation, with or without a message from the contact', () => {
    expect(pushNotification(contactId, row, true)).toMatchObject({ title: 'Conversa com Ana Souza atribuída a você', body: 'Oi' });
    expect(pushNotification(contactId, { ...row, type: null, text: null }, true)).toMatchObject({ title: 'Conversa com Ana Souza atribuída a você', body: '' });
  });
});
