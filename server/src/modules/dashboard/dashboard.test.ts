import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DASHBOARD_TEXTS, UNREAD_CONVERSATIONS_CAP, dashboardActivityResponseSchema, type ActivityDay } from '@shared/dashboard/schemas.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { createFunnel } from '../../test-support/funnels.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Registered = Awaited<ReturnType<typeof registeredBot>>;

async function activityOf(auth: { token: string }, query: string) {
  const response = await bed.server.api(`/api/dashboard/activity?${query}`, auth);
  expect(response.status).toBe(200);
  return dashboardActivityResponseSchema.parse(await response.json()).data.activity;
}

/** Today's date in São Paulo (UTC-3, no daylight saving since 2019) and the date `offset` days from it. */
async function saoPauloDays() {
  const [today] = await bed.server.db.sql<{ day: string }[]>`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day`;
  return (offset: number) => new Date(Date.parse(`${today?.day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

async function seededContact(registered: Registered, telegramId: number, createdAt: Date) {
  const [row] = await bed.server.db.sql<{ id: string }[]>`
    insert into contacts (bot_id, telegram_id, first_name, created_at) values (${registered.bot.id}, ${telegramId}, 'Semeado', ${createdAt})
    returning id`;
  if (!row) throw new Error('no contact');
  return row.id;
}

async function seedMessage(registered: Registered, contactId: string, direction: 'in' | 'out', at: Date, status = 'sent') {
  await bed.server.db.sql`
    insert into messages (bot_id, contact_id, chat_id, direction, source, text, status, created_at)
    values (${registered.bot.id}, ${contactId}, 1, ${direction}, ${direction === 'in' ? 'contact' : 'operator'}, 'olá', ${status}, ${at})`;
}

/** Counting again from the stored rows (what migration 0660 does for the past) gives what the triggers counted. */
async function expectRebuildAgrees(auth: { token: string }, query: string) {
  const counted = await activityOf(auth, query);
  await bed.server.db.sql`select activity_counts_rebuild(now() - interval '91 days')`;
  expect(await activityOf(auth, query)).toEqual(counted);
}

const dayOf = (series: ActivityDay[], date: string) => series.find((row) => row.date === date);

describe('GET /api/dashboard/activity', () => {
  test('a full series of days in the caller time zone: a message at 02:00 UTC counts on the previous day in São Paulo', async () => {
    const registered = await registeredBot(bed);
    const day = await saoPauloDays();
    const utcTwoAm = new Date(`${day(0)}T02:00:00Z`);
    const contactId = await seededContact(registered, 900_001, utcTwoAm);
    await seedMessage(registered, contactId, 'in', utcTwoAm);
    await seedMessage(registered, contactId, 'in', new Date(`${day(-1)}T12:00:00-03:00`));
    await seedMessage(registered, contactId, 'out', new Date(`${day(-3)}T23:59:00-03:00`));
    // Telegram refused this reply: not a message sent.
    await seedMessage(registered, contactId, 'out', new Date(`${day(-3)}T10:00:00-03:00`), 'sending');
    await bed.server.db.sql`update messages set status = 'failed' where contact_id = ${contactId} and status = 'sending'`;

    const local = await activityOf(registered.auth, 'days=7&tz=America/Sao_Paulo');
    expect(local).toMatchObject({ days: 7, timeZone: 'America/Sao_Paulo' });
    expect(local.series.map((row) => row.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(local.series.map((row) => row.messagesReceived)).toEqual([0, 0, 0, 0, 0, 2, 0]);
    expect(local.series.map((row) => row.messagesSent)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(local.series.map((row) => row.newContacts)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(local.series.every((row) => row.channelJoins === 0 && row.broadcastSent === 0 && row.funnelEntries === 0)).toBe(true);

    // In UTC the 02:00 message is on its own (UTC) date.
    const utc = await activityOf(registered.auth, 'days=30');
    expect(utc).toMatchObject({ days: 30, timeZone: 'UTC' });
    expect(utc.series).toHaveLength(30);
    expect(dayOf(utc.series, day(0))).toMatchObject({ messagesReceived: 1, newContacts: 1 });
    expect(dayOf(utc.series, day(-1))).toMatchObject({ messagesReceived: 1 });
    expect((await activityOf(registered.auth, 'days=90&tz=America/Sao_Paulo')).series).toHaveLength(90);
    await expectRebuildAgrees(registered.auth, 'days=7&tz=America/Sao_Paulo');
  }, 20_000);

  test('messages, joins and leaves through the bot runtime are counted today', async () => {
    const registered = await registeredBot(bed);
    const { chat } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal Painel' });
    const ana = bed.emulator.control.createUser({ first_name: 'Ana' });
    const bruno = bed.emulator.control.createUser({ first_name: 'Bruno' });
    bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: registered.token, text: 'oi' });
    bed.emulator.control.joinChat({ userId: ana.id, chatId: chat.id });
    bed.emulator.control.joinChat({ userId: bruno.id, chatId: chat.id });
    bed.emulator.control.leaveChat({ userId: bruno.id, chatId: chat.id });

    const today = await eventually('the activity of today', async () => {
      const last = (await activityOf(registered.auth, 'days=7&tz=America/Sao_Paulo')).series.at(-1);
      return last && last.channelJoins === 2 && last.channelLeaves === 1 && last.messagesReceived === 1 && last.newContacts === 3 ? last : undefined;
    });
    // Ana, Bruno and the owner who promoted the bot (an update from a user makes a contact); nothing else.
    expect(today).toMatchObject({ messagesSent: 0, broadcastSent: 0, funnelEntries: 0 });
  }, 20_000);

  test('broadcast outcomes, funnel entries and the "agora" figures', async () => {
    const registered = await registeredBot(bed);
    const { channel, owner } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal Funil' });
    const { funnel } = await createFunnel(bed, registered, channel.id);
    const sql = bed.server.db.sql;
    // The owner who promoted the bot becomes a contact through the journal, written behind: in before the figures are
    // read, or the rebuild below would count a contact the first read had not seen yet.
    await eventually('the owner as a contact', async () =>
      (await sql`select 1 from contacts where bot_id = ${registered.bot.id} and telegram_id = ${owner.id}`).length === 1);
    const userId = registered.account.user.id;
    const contactId = await seededContact(registered, 900_002, new Date());
    await seedMessage(registered, contactId, 'in', new Date());
    await sql`insert into funnel_entries (funnel_id, contact_id, entered_at) values (${funnel.id}, ${contactId}, now())`;
    const [broadcast] = await sql<{ id: string }[]>`
      insert into broadcasts (user_id, bot_id, name, message, status) values (${userId}, ${registered.bot.id}, 'Promo', 'oi', 'SENDING') returning id`;
    await sql`
      insert into broadcast_recipients (broadcast_id, telegram_id, status)
      select ${broadcast?.id ?? ''}, g, 'sending' from generate_series(1, 5) g`;
    await sql`update broadcast_recipients set status = case when telegram_id <= 3 then 'sent' else 'failed' end, updated_at = now() where broadcast_id = ${broadcast?.id ?? ''}`;
    // Someone still waiting (a rate-limit pause) keeps the broadcast sending.
    await sql`insert into broadcast_recipients (broadcast_id, telegram_id, status, not_before) values (${broadcast?.id ?? ''}, 6, 'pending', now() + interval '1 hour')`;
    const [pixel] = await sql<{ id: string }[]>`
      insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview) values (${userId}, 'Pixel', '123', 'x', 'x') returning id`;
    await sql`
      insert into pixel_events (user_id, pixel_id, event_name, event_id, event_time, payload, status, last_error) values
        (${userId}, ${pixel?.id ?? ''}, 'enter_channel', 'a', now(), '{}', 'failed', 'recusado'),
        (${userId}, ${pixel?.id ?? ''}, 'enter_channel', 'b', now(), '{}', 'pending', 'rede indisponível'),
        (${userId}, ${pixel?.id ?? ''}, 'enter_channel', 'c', now(), '{}', 'pending', null),
        (${userId}, ${pixel?.id ?? ''}, 'enter_channel', 'd', now(), '{}', 'sent', null)`;

    const activity = await activityOf(registered.auth, 'days=7');
    expect(activity.series.at(-1)).toMatchObject({ broadcastSent: 3, broadcastFailed: 2, funnelEntries: 1, messagesReceived: 1 });
    expect(activity.now).toEqual({ unreadConversations: 1, broadcastsSending: 1, pixelEventsFailing: 2 });
    await expectRebuildAgrees(registered.auth, 'days=7');
  }, 20_000);

  test('unread conversations are counted up to the cap', async () => {
    const registered = await registeredBot(bed);
    const sql = bed.server.db.sql;
    await sql`
      insert into contacts (bot_id, telegram_id, first_name)
      select ${registered.bot.id}, 800000 + g, 'Leitor' from generate_series(1, ${UNREAD_CONVERSATIONS_CAP + 5}) g`;
    await sql`
      insert into messages (bot_id, contact_id, chat_id, direction, text)
      select bot_id, id, telegram_id, 'in', 'oi' from contacts where bot_id = ${registered.bot.id}`;
    expect((await activityOf(registered.auth, 'days=7')).now.unreadConversations).toBe(UNREAD_CONVERSATIONS_CAP);
  }, 20_000);

  test("scoped to the caller: another user's activity is not counted; a new account is all zeros", async () => {
    const registered = await registeredBot(bed);
    const contactId = await seededContact(registered, 900_003, new Date());
    await seedMessage(registered, contactId, 'in', new Date());
    const stranger = await registerUser(bed.server);
    const activity = await activityOf({ token: stranger.tokens.accessToken }, 'days=7&tz=America/Sao_Paulo');
    expect(activity.series).toHaveLength(7);
    expect(activity.series.every((row) => Object.values(row).every((value) => typeof value === 'string' || value === 0))).toBe(true);
    expect(activity.now).toEqual({ unreadConversations: 0, broadcastsSending: 0, pixelEventsFailing: 0 });
    expect((await bed.server.api('/api/dashboard/activity')).status).toBe(401);
  }, 20_000);

  test('bad input is a 400 in pt-BR', async () => {
    const account = await registerUser(bed.server);
    const auth = { token: account.tokens.accessToken };
    for (const [query, message] of [
      ['days=10', DASHBOARD_TEXTS.daysInvalid],
      ['days=abc', DASHBOARD_TEXTS.daysInvalid],
      ['tz=Marte/Olimpo', DASHBOARD_TEXTS.timeZoneInvalid],
      [`tz=${'a'.repeat(80)}`, DASHBOARD_TEXTS.timeZoneInvalid],
    ] as const) {
      const response = await bed.server.api(`/api/dashboard/activity?${query}`, auth);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    }
  }, 20_000);
});
