import { expect, test } from 'bun:test';
import { contactName, messagePreview } from './display.ts';

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
