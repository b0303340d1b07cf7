import { expect, test } from 'bun:test';
import { contactName, messagePreview, previewPrefix } from './display.ts';

test('contact names follow the contacts rule', () => {
  expect(contactName({ firstName: 'Ana', lastName: 'Souza', username: 'ana', telegramId: '1' })).toBe('Ana Souza');
  expect(contactName({ firstName: '', lastName: null, username: 'ana', telegramId: '1' })).toBe('@ana');
  expect(contactName({ firstName: '', lastName: null, username: null, telegramId: '42' })).toBe('User 42');
});

test('media messages are previewed by kind with their caption, never empty', () => {
  expect(messagePreview({ type: 'PHOTO', content: 'na praia', mediaName: null })).toBe('Foto: na praia');
  expect(messagePreview({ type: 'VOICE', content: '', mediaName: null })).toBe('Mensagem de voz');
  expect(messagePreview({ type: 'DOCUMENT', content: '', mediaName: 'contrato.pdf' })).toBe('Documento: contrato.pdf');
  expect(messagePreview({ type: 'STICKER', content: '', mediaName: '😀' })).toBe('Figurinha: 😀');
  expect(messagePreview({ type: 'TEXT', content: 'oi', mediaName: null })).toBe('oi');
});

test("the contact's activity is previewed as what they did; the bot's own messages are told from a person's", () => {
  expect(messagePreview({ type: 'BUTTON_PRESS', content: 'Quero saber mais', mediaName: null })).toBe('Tocou em: Quero saber mais');
  expect(messagePreview({ type: 'MEMBER_JOINED', content: 'Canal VIP', mediaName: null })).toBe('Entrou em Canal VIP');
  expect(messagePreview({ type: 'JOIN_REQUEST', content: 'Grupo', mediaName: null })).toBe('Pediu para entrar em Grupo');
  expect(previewPrefix({ direction: 'OUTGOING', source: 'OPERATOR' })).toBe('Você: ');
  expect(previewPrefix({ direction: 'OUTGOING', source: 'FLOW' })).toBe('Bot: ');
  expect(previewPrefix({ direction: 'INCOMING', source: 'CONTACT' })).toBe('');
});
