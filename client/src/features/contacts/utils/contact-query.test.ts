import { describe, expect, test } from 'bun:test';
import type { Contact } from '@shared/contacts/schemas.ts';
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { contactStats, countByBot, DEFAULT_CONTACT_QUERY, matchContacts, pageOf } from './contact-query.ts';

let seq = 0;
const contact = (over: Partial<Contact>): Contact => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  botId: 'bot-a',
  telegramId: String(1000 + seq),
  firstName: 'Fulano',
  lastName: null,
  username: null,
  isBot: false,
  languageCode: null,
  phoneNumber: null,
  messageCount: 0,
  lastInteractionAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  labelIds: [],
  ...over,
});

const joao = contact({ firstName: 'João', lastName: 'Silva', username: 'jsilva', telegramId: '777123', messageCount: 5, lastInteractionAt: '2026-01-03T00:00:00.000Z' });
const ana = contact({ firstName: 'ANA', messageCount: 9, lastInteractionAt: '2026-01-02T00:00:00.000Z' });
const robo = contact({ firstName: 'Robô', isBot: true, username: 'robo_bot', botId: 'bot-b', lastInteractionAt: '2026-01-01T00:00:00.000Z' });
const all = [ana, robo, joao];
const names = (rows: Contact[]) => rows.map((row) => row.firstName);

describe('contact list logic', () => {
  test('defaults to the last interaction first', () => {
    expect(names(matchContacts(all, DEFAULT_CONTACT_QUERY))).toEqual(['João', 'ANA', 'Robô']);
  });

  test('searches names, usernames and Telegram ids ignoring accents and case', () => {
    const search = (term: string) => names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, search: term }));
    expect(search('joao')).toEqual(['João']);
    expect(search(' SILVA ')).toEqual(['João']);
    expect(search('robo')).toEqual(['Robô']);
    expect(search('ROBO_B')).toEqual(['Robô']);
    expect(search('7771')).toEqual(['João']);
    expect(search('ãna')).toEqual(['ANA']);
  });

  test('filters humans or bots and one bot, and sorts by any field both ways', () => {
    expect(names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, filter: 'bots' }))).toEqual(['Robô']);
    expect(names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, filter: 'humans' }))).toEqual(['João', 'ANA']);
    expect(names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, botId: 'bot-b' }))).toEqual(['Robô']);
    expect(names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, sortBy: 'firstName', sortOrder: 'asc' }))).toEqual(['ANA', 'João', 'Robô']);
    expect(names(matchContacts(all, { ...DEFAULT_CONTACT_QUERY, sortBy: 'messageCount', sortOrder: 'desc' }))).toEqual(['ANA', 'João', 'Robô']);
  });

  test('pages of 20 and never past the last page', () => {
    const many = Array.from({ length: 45 }, (_, index) => contact({ firstName: `C${index}` }));
    expect(pageOf(many, 1)).toMatchObject({ page: 1, total: 45, totalPages: 3 });
    expect(pageOf(many, 1).rows).toHaveLength(20);
    expect(pageOf(many, 3).rows).toHaveLength(5);
    expect(pageOf(many, 9)).toMatchObject({ page: 3, totalPages: 3 });
    expect(pageOf([], 1)).toEqual({ rows: [], total: 0, page: 1, totalPages: 0 });
  });

  test('stats count humans, bots, usernames and the last 24 h; the breakdown counts per bot', () => {
    expect(contactStats(all, Date.parse('2026-01-03T12:00:00.000Z'))).toEqual({ total: 3, humans: 2, bots: 1, withUsername: 2, recentlyActive: 1 });
    expect([...countByBot(all, ['bot-a', 'bot-b', 'bot-c'])]).toEqual([['bot-a', 2], ['bot-b', 1], ['bot-c', 0]]);
  });

  test('display name: first + last, first, @username, else User {telegramId}', () => {
    expect(contactDisplayName(joao)).toBe('João Silva');
    expect(contactDisplayName(ana)).toBe('ANA');
    expect(contactDisplayName({ firstName: '', lastName: null, username: 'só_user', telegramId: '1' })).toBe('@só_user');
    expect(contactDisplayName({ firstName: ' ', lastName: 'x', username: null, telegramId: '42' })).toBe('User 42');
  });

  test('filters by a label, with the other filters', () => {
    const vip = contact({ firstName: 'Vera', labelIds: ['label-vip', 'label-lead'] });
    const lead = contact({ firstName: 'Luís', labelIds: ['label-lead'], botId: 'bot-b' });
    const rows = [joao, vip, lead];
    const ids = (query: Partial<typeof DEFAULT_CONTACT_QUERY>) => matchContacts(rows, { ...DEFAULT_CONTACT_QUERY, ...query }).map((row) => row.firstName).sort();
    expect(ids({ label: 'label-vip' })).toEqual(['Vera']);
    expect(ids({ label: 'label-lead' })).toEqual(['Luís', 'Vera']);
    expect(ids({ label: 'label-lead', botId: 'bot-b' })).toEqual(['Luís']);
    expect(ids({ label: 'label-lead', search: 'vera' })).toEqual(['Vera']);
    expect(ids({})).toHaveLength(3);
  });
});
