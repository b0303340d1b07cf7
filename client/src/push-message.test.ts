import { describe, expect, test } from 'bun:test';
import { conversationPath, conversationTag } from '@shared/push/message.ts';
import { pushMessageSchema } from '@shared/push/schemas.ts';
import { parsePushMessage } from './push-message.ts';

describe('push message', () => {
  test('reads title, body, link and tag', () => {
    expect(parsePushMessage(JSON.stringify({ title: 'Nova mensagem de Ana', body: 'Oi!', url: '/chat?contato=1', tag: 'chat-1' }))).toEqual({
      title: 'Nova mensagem de Ana', body: 'Oi!', url: '/chat?contato=1', tag: 'chat-1',
    });
  });

  test('falls back to safe values: default title, plain text as body, only links inside the app', () => {
    expect(parsePushMessage(undefined)).toEqual({ title: 'Canalize', body: '', url: '/', tag: undefined });
    expect(parsePushMessage('texto simples')).toMatchObject({ title: 'Canalize', body: 'texto simples' });
    for (const url of ['https://malicioso.example/', '//malicioso.example', '/\\malicioso.example', 'javascript:alert(1)']) {
      expect(parsePushMessage(JSON.stringify({ url })).url).toBe('/');
    }
    expect(parsePushMessage(JSON.stringify({ title: 'x'.repeat(500), body: 42 }))).toMatchObject({ title: 'x'.repeat(200), body: '' });
  });

  test('reads exactly what the server sends (the shared schema), longest values included', () => {
    const contactId = crypto.randomUUID();
    const sent = pushMessageSchema.parse({ title: `Nova mensagem de ${'A'.repeat(180)}`, body: 'b'.repeat(1000), url: conversationPath(contactId), tag: conversationTag(contactId) });
    expect(parsePushMessage(JSON.stringify(sent))).toEqual(sent);
    expect(sent.url).toBe(`/chat?contato=${contactId}`);
  });
});
