import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  CONTACT_LIMITS,
  contactResponseSchema,
  contactsResponseSchema,
  contactStatsResponseSchema,
  contactListResponseSchema,
  globalContactStatsResponseSchema,
} from '@shared/contacts/schemas.ts';
import { insertBot } from '../../test-support/fixtures.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Seed = { first: string; last?: string; username?: string; telegramId: number; isBot?: boolean; messages?: number; minutesAgo: number; createdMinutesAgo?: number };

async function seed(botId: string, rows: Seed[]) {
  for (const row of rows) {
    await bed.server.db.sql`
      insert into contacts (bot_id, telegram_id, first_name, last_name, username, is_bot, message_count, last_interaction_at, created_at)
      values (${botId}, ${row.telegramId}, ${row.first}, ${row.last ?? null}, ${row.username ?? null}, ${row.isBot ?? false},
              ${row.messages ?? 0}, now() - make_interval(mins => ${row.minutesAgo}),
              now() - make_interval(mins => ${row.createdMinutesAgo ?? row.minutesAgo}))`;
  }
}

async function get(path: string, auth: { token: string }) {
  const response = await bed.server.api(`/api${path}`, auth);
  return { status: response.status, body: (await response.json()) as unknown };
}

const names = (body: unknown) => contactsResponseSchema.parse(body).data.contacts.map((contact) => contact.firstName);

/** One operator with two bots and a known set of contacts. */
async function operator() {
  const registered = await registeredBot(bed);
  const userId = registered.account.user.id;
  const otherBotId = await insertBot(bed.server, userId, 'Segundo Bot');
  await seed(registered.bot.id, [
    { first: 'João', last: 'Silva', username: 'joao_s', telegramId: 5551001, messages: 9, minutesAgo: 5, createdMinutesAgo: 5000 },
    { first: 'ANA', last: 'Souza', telegramId: 5551002, messages: 3, minutesAgo: 60, createdMinutesAgo: 100 },
    { first: 'Zélia', telegramId: 5551003, username: 'zelia', messages: 1, minutesAgo: 3000, createdMinutesAgo: 3000 },
    { first: 'Robô', username: 'um_bot', telegramId: 5551004, isBot: true, messages: 0, minutesAgo: 10 },
    { first: 'Carla 50%', telegramId: 9876543, messages: 20, minutesAgo: 2000, createdMinutesAgo: 20 },
  ]);
  await seed(otherBotId, [{ first: 'Outro', telegramId: 5551001, messages: 1, minutesAgo: 1 }]);
  return { registered, auth: registered.auth, botId: registered.bot.id, otherBotId };
}

describe('contact lists', () => {
  test('a bot page: 20 by default, last interaction first, with pagination; sort and order change it', async () => {
    const { auth, botId } = await operator();
    const page = await get(`/contacts/bot/${botId}`, auth);
    expect(page.status).toBe(200);
    expect(names(page.body)).toEqual(['João', 'Robô', 'ANA', 'Carla 50%', 'Zélia']);
    expect(contactsResponseSchema.parse(page.body).pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
    const first = contactsResponseSchema.parse(page.body).data.contacts[0];
    expect(first).toMatchObject({ telegramId: '5551001', lastName: 'Silva', bot: { name: 'Bot Teste' }, funnelInfo: null });

    expect(names((await get(`/contacts?botId=${botId}&sortBy=messageCount&sortOrder=desc`, auth)).body)).toEqual(['Carla 50%', 'João', 'ANA', 'Zélia', 'Robô']);
    expect(names((await get(`/contacts?botId=${botId}&sortBy=createdAt&sortOrder=asc`, auth)).body)).toEqual(['João', 'Zélia', 'ANA', 'Carla 50%', 'Robô']);
    const paged = await get(`/contacts?botId=${botId}&limit=2&page=2`, auth);
    expect(names(paged.body)).toEqual(['ANA', 'Carla 50%']);
    expect(contactsResponseSchema.parse(paged.body).pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    expect((await get(`/contacts?limit=101`, auth)).status).toBe(400);
    expect((await get(`/contacts?sortBy=telefone`, auth)).status).toBe(400);
    expect((await get(`/contacts?page=0`, auth)).status).toBe(400);
  });

  test('filters: humans or bots, and one bot among several; /contacts/all spans every bot', async () => {
    const { auth, botId, otherBotId } = await operator();
    expect(names((await get(`/contacts/bot/${botId}?isBot=true`, auth)).body)).toEqual(['Robô']);
    expect(names((await get(`/contacts/bot/${botId}?isBot=false`, auth)).body)).toEqual(['João', 'ANA', 'Carla 50%', 'Zélia']);
    expect(names((await get(`/contacts?botId=${otherBotId}`, auth)).body)).toEqual(['Outro']);
    expect(names((await get(`/contacts/all`, auth)).body)).toEqual(['Outro', 'João', 'Robô', 'ANA', 'Carla 50%', 'Zélia']);
    expect((await get(`/contacts?isBot=talvez`, auth)).status).toBe(400);
  });

  test('search ignores accents and case, and finds last names, usernames and Telegram ids', async () => {
    const { auth, botId } = await operator();
    const search = async (term: string) => names((await get(`/contacts/bot/${botId}?search=${encodeURIComponent(term)}`, auth)).body);
    expect(await search('joao')).toEqual(['João']);
    expect(await search('JOÃO')).toEqual(['João']);
    expect(await search('zelia')).toEqual(['Zélia']);
    expect(await search('ana')).toEqual(['ANA']);
    expect(await search('SOUZA')).toEqual(['ANA']);
    expect(await search('um_b')).toEqual(['Robô']);
    expect(await search('robo')).toEqual(['Robô']);
    expect(await search('987654')).toEqual(['Carla 50%']);
    expect(await search('555100')).toEqual(['João', 'Robô', 'ANA', 'Zélia']);
    // LIKE wildcards are plain text in a search.
    expect(await search('50%')).toEqual(['Carla 50%']);
    expect(await search('_')).toEqual(['João', 'Robô']);
    expect(await search('ninguém')).toEqual([]);
    expect(names((await get(`/contacts/all?search=${encodeURIComponent('ÓUTRO')}`, auth)).body)).toEqual(['Outro']);
  });

  test('a search stops counting past its cap: the total is then a lower bound (totalCapped), the pages stay exact', async () => {
    const { auth, botId } = await operator();
    const cap = CONTACT_LIMITS.searchTotalCap;
    // cap + 5 contacts named Múltiplo n, the newest interaction for the highest n; 'Zélia' stays a rare term.
    await bed.server.db.sql`
      insert into contacts (bot_id, telegram_id, first_name, last_interaction_at)
      select ${botId}, 7000000 + i, 'Múltiplo ' || i, now() - make_interval(secs => ${cap + 5} - i)
      from generate_series(1, ${cap + 5}) as i`;
    const search = async (query: string) => contactsResponseSchema.parse((await get(`/contacts/bot/${botId}?${query}`, auth)).body);

    const broad = await search('search=multiplo');
    expect(broad.pagination).toEqual({ page: 1, limit: 20, total: cap, totalPages: cap / 20, totalCapped: true });
    expect(broad.data.contacts.map((contact) => contact.firstName).slice(0, 2)).toEqual([`Múltiplo ${cap + 5}`, `Múltiplo ${cap + 4}`]);
    // Past the counted pages the rows are still there.
    const beyond = await search(`search=MULTIPLO&limit=100&page=${cap / 100 + 1}`);
    expect(beyond.data.contacts.map((contact) => contact.firstName)).toEqual([5, 4, 3, 2, 1].map((n) => `Múltiplo ${n}`));
    expect(beyond.pagination.totalCapped).toBe(true);

    // Under the cap, and without a search, the total is exact and carries no totalCapped.
    expect((await search('search=zelia')).pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect((await search(`search=${encodeURIComponent('múltiplo 100')}`)).pagination).toEqual({ page: 1, limit: 20, total: 7, totalPages: 1 });
    expect((await search('limit=100')).pagination).toEqual({ page: 1, limit: 100, total: cap + 10, totalPages: Math.ceil((cap + 10) / 100) });
  });

  test('a funnel filter takes a uuid of one of the caller\'s funnels: an unknown one is a 404 (entries: modules/funnels tests)', async () => {
    const { auth } = await operator();
    expect((await get(`/contacts/all?funnelId=${crypto.randomUUID()}`, auth)).status).toBe(404);
    expect((await get(`/contacts/all?funnelId=funil`, auth)).status).toBe(400);
  });

  test('stats of a bot and of every bot (byBot), active meaning the last 24 h', async () => {
    const { auth, botId, otherBotId } = await operator();
    const bot = contactStatsResponseSchema.parse((await get(`/contacts/bot/${botId}/stats`, auth)).body).data.stats;
    expect(bot).toEqual({ total: 5, humans: 4, bots: 1, withUsername: 3, recentlyActive: 3 });
    const all = globalContactStatsResponseSchema.parse((await get(`/contacts/all/stats`, auth)).body).data.stats;
    expect(all).toMatchObject({ total: 6, humans: 5, bots: 1, withUsername: 3, recentlyActive: 4 });
    expect(all.byBot).toEqual([
      { botId, botName: 'Bot Teste', botUsername: expect.any(String), count: 5 },
      { botId: otherBotId, botName: 'Segundo Bot', botUsername: 'Segundo_Bot_bot', count: 1 },
    ]);
  });

  test('most active and recent contacts of a bot, 10 by default', async () => {
    const { auth, botId } = await operator();
    const list = async (path: string) => contactListResponseSchema.parse((await get(path, auth)).body).data.contacts.map((c) => c.firstName);
    expect(await list(`/contacts/bot/${botId}/most-active`)).toEqual(['Carla 50%', 'João', 'ANA', 'Zélia', 'Robô']);
    expect(await list(`/contacts/bot/${botId}/most-active?limit=2`)).toEqual(['Carla 50%', 'João']);
    expect(await list(`/contacts/bot/${botId}/recent?limit=3`)).toEqual(['Robô', 'Carla 50%', 'ANA']);
  });
});

describe('editing and removing', () => {
  test('PUT edits names and phone, validates in pt-BR, and fires trigger_contact_updated for the watched fields', async () => {
    const { registered, auth, botId } = await operator();
    const build = flowBuilder(bed.server, auth, botId);
    const phoneFlow = await build.flow({ name: 'Telefone' });
    await build.chain(phoneFlow, [
      await build.node(phoneFlow, 'trigger_contact_updated', { watchFields: ['phoneNumber'] }),
      await build.node(phoneFlow, 'send_text', { message: 'Telefone salvo: {{contact.phoneNumber}}, {{contact.firstName}}' }),
    ]);
    const usernameFlow = await build.flow({ name: 'Username' });
    await build.chain(usernameFlow, [
      await build.node(usernameFlow, 'trigger_contact_updated', { watchFields: ['username'] }),
      await build.node(usernameFlow, 'send_text', { message: 'não devia' }),
    ]);
    const user = bed.emulator.control.createUser({ first_name: 'Marta' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
    const contactId = await eventually('the contact', async () => {
      await bed.server.server.bots.flush();
      const rows = await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${botId} and telegram_id = ${user.id}`;
      return rows[0]?.id;
    });
    const put = async (json: unknown) => {
      const response = await bed.server.api(`/api/contacts/${contactId}`, { method: 'PUT', json, token: auth.token });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await put({ firstName: '   ' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'Nome é obrigatório' } });
    expect(await put({ phoneNumber: 'abc' })).toMatchObject({ status: 400, body: { message: 'Telefone inválido' } });

    const edited = await put({ firstName: ' Marta Maria ', lastName: '', phoneNumber: '+55 11 98888-7777' });
    expect(edited.status).toBe(200);
    expect(contactResponseSchema.parse(edited.body).data.contact).toMatchObject({ firstName: 'Marta Maria', lastName: null, phoneNumber: '+55 11 98888-7777' });
    const sent = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
    expect(sent.text).toBe('Telefone salvo: +55 11 98888-7777, Marta Maria');

    // Same values again: nothing changed, nothing fires.
    expect((await put({ phoneNumber: '+55 11 98888-7777' })).status).toBe(200);
    await Bun.sleep(200);
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((m) => m.text)).toEqual([
      'Telefone salvo: +55 11 98888-7777, Marta Maria',
    ]);
    expect(contactResponseSchema.parse((await get(`/contacts/${contactId}`, auth)).body).data.contact.firstName).toBe('Marta Maria');
  });

  test('DELETE removes the contact and its messages', async () => {
    const { registered, auth, botId } = await operator();
    const user = bed.emulator.control.createUser({ first_name: 'Paulo' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'primeira' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'segunda' });
    const messagesOf = async () => {
      await bed.server.server.bots.flush();
      const rows = await bed.server.db.sql<{ id: string; count: number }[]>`
        select c.id, (select count(*) from messages m where m.contact_id = c.id)::int as count
        from contacts c where c.bot_id = ${botId} and c.telegram_id = ${user.id}`;
      return rows[0];
    };
    const before = await eventually('two messages', async () => ((await messagesOf())?.count === 2 ? messagesOf() : undefined));
    if (!before) throw new Error('no contact');
    const response = await bed.server.api(`/api/contacts/${before.id}`, { method: 'DELETE', token: auth.token });
    expect(response.status).toBe(200);
    expect(await messagesOf()).toBeUndefined();
    expect((await bed.server.db.sql`select 1 from messages where contact_id = ${before.id}`).length).toBe(0);
    expect((await get(`/contacts/${before.id}`, auth)).status).toBe(404);
  });

  test("another user's contacts and bots are 404 on every contacts call, and never listed", async () => {
    const { botId } = await operator();
    const [contact] = await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${botId} limit 1`;
    if (!contact) throw new Error('no contact');
    const stranger = await registeredBot(bed);
    const auth = stranger.auth;
    for (const path of [
      `/contacts/${contact.id}`,
      `/contacts?botId=${botId}`,
      `/contacts/all?botId=${botId}`,
      `/contacts/bot/${botId}`,
      `/contacts/bot/${botId}/stats`,
      `/contacts/bot/${botId}/most-active`,
      `/contacts/bot/${botId}/recent`,
      `/contacts/nao-e-uuid`,
    ]) {
      expect({ path, status: (await get(path, auth)).status }).toEqual({ path, status: 404 });
    }
    for (const method of ['PUT', 'DELETE']) {
      const response = await bed.server.api(`/api/contacts/${contact.id}`, { method, token: auth.token, ...(method === 'PUT' ? { json: { firstName: 'Intruso' } } : {}) });
      expect({ method, status: response.status }).toEqual({ method, status: 404 });
    }
    expect(contactsResponseSchema.parse((await get('/contacts/all', auth)).body).pagination.total).toBe(0);
    expect(globalContactStatsResponseSchema.parse((await get('/contacts/all/stats', auth)).body).data.stats).toMatchObject({ total: 0 });
    const still = await bed.server.db.sql<{ firstName: string }[]>`select first_name as "firstName" from contacts where id = ${contact.id}`;
    expect(still[0]?.firstName).not.toBe('Intruso');
  });
});
