import { describe, expect, test } from 'bun:test';
import type { Contact } from '@shared/contacts/schemas.ts';
import { audienceCount, audienceOf, audienceWho, keepReachable, searchAudience } from './audience.ts';

const contact = (id: string, firstName: string, changes: Partial<Contact> = {}): Contact => ({
  id, botId: 'bot-a', telegramId: id, firstName, lastName: null, username: null, isBot: false, languageCode: null, phoneNumber: null,
  messageCount: 1, lastInteractionAt: '2026-01-01T00:00:00Z', createdAt: '2026-01-01T00:00:00Z', labelIds: [], ...changes,
});

const contacts = [
  contact('1', 'Zé', { username: 'ze_silva' }),
  contact('2', 'Ana', { lastName: 'Conceição' }),
  contact('3', 'HelperBot', { isBot: true }),
  contact('4', 'Outro', { botId: 'bot-b' }),
];

describe('audience', () => {
  test('people of the bot only, by name; bot accounts and other bots excluded', () => {
    expect(audienceOf(contacts, 'bot-a').map((item) => item.id)).toEqual(['2', '1']);
  });

  test('counting: everyone, or the selected ones still reachable', () => {
    const audience = audienceOf(contacts, 'bot-a');
    expect(audienceCount(audience, 'ALL', [])).toBe(2);
    expect(audienceCount(audience, 'SELECTED', ['1', '1', '3', '4'])).toBe(1);
    expect(keepReachable(['1', '3', '2', '1'], audience)).toEqual(['1', '2']);
  });

  test('search by name and @username, ignoring case and accents', () => {
    const audience = audienceOf(contacts, 'bot-a');
    expect(searchAudience(audience, 'conceicao').map((item) => item.id)).toEqual(['2']);
    expect(searchAudience(audience, '@ZE_S').map((item) => item.id)).toEqual(['1']);
    expect(searchAudience(audience, '  ')).toHaveLength(2);
  });

  test('a label: its carriers among the reachable, nobody until one is chosen; the saved audience names it', () => {
    const tagged = [contact('1', 'Zé', { labelIds: ['vip'] }), contact('2', 'Ana'), contact('3', 'Robô', { isBot: true, labelIds: ['vip'] })];
    const audience = audienceOf(tagged, 'bot-a');
    expect(audienceCount(audience, 'LABEL', [], 'vip')).toBe(1);
    expect(audienceCount(audience, 'LABEL', [], '')).toBe(0);
    const names = new Map([['vip', 'VIP']]);
    expect(audienceWho({ targetType: 'LABEL', contactIds: [], labelId: 'vip' }, names)).toBe('Contatos com a etiqueta “\u2068VIP\u2069”');
    expect(audienceWho({ targetType: 'LABEL', contactIds: [], labelId: null }, names)).toBe('Contatos com a etiqueta');
    expect(audienceWho({ targetType: 'SELECTED', contactIds: ['1', '2'], labelId: null }, names)).toBe('2 selecionados');
  });
});
