import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FUNNEL_TEXTS, funnelResponseSchema, funnelsResponseSchema } from '@shared/funnels/schemas.ts';
import { contactsResponseSchema } from '@shared/contacts/schemas.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { openEventStream, type EventStream } from '../../test-support/event-stream.ts';
import { createFunnel, createPixel, metricsOf, track } from '../../test-support/funnels.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Registered = Awaited<ReturnType<typeof registeredBot>>;

const linkIn = (chatId: number, link: string) => bed.emulator.control.chatState(chatId).inviteLinks.find((item) => item.invite_link === link);

async function funnelSetup(extra: Record<string, unknown> = {}) {
  const registered = await registeredBot(bed);
  const { chat, channel, owner } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal VIP' });
  const created = await createFunnel(bed, registered, channel.id, extra);
  return { registered, chat, channel, owner, ...created };
}

const entriesOf = (funnelId: string) =>
  bed.server.db.sql<{ visitId: string | null; leftAt: Date | null }[]>`select visit_id as "visitId", left_at as "leftAt" from funnel_entries where funnel_id = ${funnelId}`;

describe('funnels API', () => {
  test('creating a funnel creates its invite link through the bot, named after the funnel, and answers the script', async () => {
    const { registered, chat, funnel, scriptCode, telegramLink } = await funnelSetup({ name: 'Lançamento de Verão 2026 — turma especial', landingUrl: 'https://exemplo.com/lp', description: '' });
    expect(telegramLink).toStartWith('https://t.me/+');
    expect(funnel).toMatchObject({ telegramLink, isActive: true, requireApproval: false, description: null, landingUrl: 'https://exemplo.com/lp', channel: { channelName: 'Canal VIP', username: null } });
    expect(funnel.uuid).not.toBe(funnel.id);
    expect(scriptCode).toBe(`<script src="${bed.server.url}/api/js/${funnel.uuid}.js" async></script>`);
    expect(linkIn(chat.id, telegramLink)).toMatchObject({ name: 'Lançamento de Verão 2026 — turma', creates_join_request: false, is_revoked: false });

    const list = funnelsResponseSchema.parse(await (await bed.server.api('/api/funnels', registered.auth)).json()).data.funnels;
    expect(list.map((item) => item.id)).toEqual([funnel.id]);
    expect(list[0]?.todayMetrics).toEqual({ pageviews: 0, clicks: 0, entries: 0, exits: 0 });
    expect(list[0]?.conversion).toEqual({ days: 30, pageviews: 0, clicks: 0, entries: 0 });
  });

  test('requireApproval makes a join-request link; editing name or approval edits the link; delete revokes it', async () => {
    const { registered, chat, funnel, telegramLink } = await funnelSetup({ requireApproval: true });
    expect(linkIn(chat.id, telegramLink)).toMatchObject({ creates_join_request: true, name: 'Funil Teste' });
    const edited = await bed.server.api(`/api/funnels/${funnel.id}`, { method: 'PUT', json: { name: 'Novo nome', requireApproval: false, isActive: false }, ...registered.auth });
    expect(edited.status).toBe(200);
    expect(funnelResponseSchema.parse(await edited.json()).data.funnel).toMatchObject({ name: 'Novo nome', requireApproval: false, isActive: false });
    expect(linkIn(chat.id, telegramLink)).toMatchObject({ creates_join_request: false, name: 'Novo nome' });

    expect((await bed.server.api(`/api/funnels/${funnel.id}`, { method: 'DELETE', ...registered.auth })).status).toBe(200);
    expect(linkIn(chat.id, telegramLink)).toMatchObject({ is_revoked: true });
    expect((await bed.server.api(`/api/funnels/${funnel.id}`, registered.auth)).status).toBe(404);
  });

  test('a channel where the bot cannot invite users is a 422; a Telegram refusal stores nothing', async () => {
    const registered = await registeredBot(bed);
    const owner = bed.emulator.control.createUser({ first_name: 'Dono' });
    const chat = bed.emulator.control.createChat({ type: 'channel', title: 'Sem convite', creatorId: owner.id });
    bed.emulator.control.promoteBot({ chatId: chat.id, bot: registered.token, rights: { can_invite_users: false } });
    const channel = await eventually('the channel', async () => {
      const answer = await bed.server.api(`/api/bots/${registered.bot.id}/channels`, registered.auth);
      const body = (await answer.json()) as { data: { channels: { id: string; channelId: string }[] } };
      return body.data.channels.find((item) => item.channelId === String(chat.id));
    });
    const refused = await bed.server.api('/api/funnels', { json: { botId: registered.bot.id, channelId: channel.id, name: 'Funil' }, ...registered.auth });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ success: false, message: FUNNEL_TEXTS.channelNeedsInvite });

    // The rights the product stored are stale (can_invite_users was taken away on Telegram): Telegram refuses.
    const { channel: other, chat: otherChat } = await promotedChat(bed, registered, { type: 'channel', title: 'Direito retirado' });
    bed.emulator.control.injectFailure({ token: registered.token, method: 'createChatInviteLink', errorCode: 400, description: 'Bad Request: CHAT_ADMIN_REQUIRED' });
    const failed = await bed.server.api('/api/funnels', { json: { botId: registered.bot.id, channelId: other.id, name: 'Funil' }, ...registered.auth });
    expect(failed.status).toBe(422);
    expect(await failed.json()).toMatchObject({ message: FUNNEL_TEXTS.channelNeedsInvite });
    expect(bed.emulator.control.chatState(otherChat.id).inviteLinks).toEqual([]);
    const list = funnelsResponseSchema.parse(await (await bed.server.api('/api/funnels', registered.auth)).json()).data.funnels;
    expect(list).toEqual([]);
  });

  test("another user's funnel, bot, channel or pixel is a 404", async () => {
    const { registered, funnel, channel } = await funnelSetup();
    const intruder = await registeredBot(bed);
    const { channel: intruderChannel } = await promotedChat(bed, intruder, { type: 'channel', title: 'Canal Intruso' });
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/metrics']] as const) {
      const response = await bed.server.api(`/api/funnels/${funnel.id}${path}`, { method, ...(method === 'PUT' ? { json: { name: 'x' } } : {}), ...intruder.auth });
      expect(response.status).toBe(404);
    }
    const pixel = await createPixel(bed, registered);
    const attempts = [
      { botId: registered.bot.id, channelId: intruderChannel.id },
      { botId: intruder.bot.id, channelId: channel.id },
      { botId: intruder.bot.id, channelId: intruderChannel.id, pixelIntegrationId: pixel },
    ];
    for (const body of attempts) {
      expect((await bed.server.api('/api/funnels', { json: { name: 'Funil', ...body }, ...intruder.auth })).status).toBe(404);
    }
    expect((await bed.server.api(`/api/contacts/all?funnelId=${funnel.id}`, intruder.auth)).status).toBe(404);
    expect((await bed.server.api(`/api/funnels/${funnel.id}`, registered.auth)).status).toBe(200);
  });
});

describe('attribution', () => {
  async function funnelFlow(registered: Registered, chatId: number, funnelId: string) {
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow({ name: 'Entrada do funil', executionContexts: ['channel'], allowedChannelIds: [String(chatId)] });
    await build.chain(flowId, [
      await build.node(flowId, 'trigger_contact_from_funnel', { funnelId }),
      await build.node(flowId, 'send_text', { message: 'Chegou pelo funil: {{contact.firstName}}' }),
    ]);
  }

  test('a join through the link enters the contact, fires the funnel flow, counts an entry; a leave counts an exit', async () => {
    const { registered, chat, funnel, telegramLink } = await funnelSetup();
    await funnelFlow(registered, chat.id, funnel.id);
    const user = bed.emulator.control.createUser({ first_name: 'Carla' });
    bed.emulator.control.joinByLink({ userId: user.id, inviteLink: telegramLink });
    const sent = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id });
    expect(sent.text).toBe('Chegou pelo funil: Carla');

    const metrics = await metricsOf(bed, registered.auth, funnel.id);
    expect(metrics).toMatchObject({ totalLeads: 1, activeLeads: 1, today: { entries: 1, exits: 0 } });
    const contacts = contactsResponseSchema.parse(await (await bed.server.api(`/api/contacts/all?funnelId=${funnel.id}`, registered.auth)).json()).data.contacts;
    expect(contacts.map((contact) => contact.telegramId)).toEqual([String(user.id)]);
    expect(contacts[0]?.funnelInfo?.enteredAt).toBeString();

    // Someone joining without the funnel's link is not attributed.
    const stranger = bed.emulator.control.createUser({ first_name: 'Sem Link' });
    bed.emulator.control.joinChat({ userId: stranger.id, chatId: chat.id });

    bed.emulator.control.leaveChat({ userId: user.id, chatId: chat.id });
    await eventually('the exit', async () => (await metricsOf(bed, registered.auth, funnel.id)).today.exits === 1);
    await bed.server.server.bots.flush();
    expect(await metricsOf(bed, registered.auth, funnel.id)).toMatchObject({ totalLeads: 1, activeLeads: 0, today: { entries: 1, exits: 1 } });
    expect(await entriesOf(funnel.id)).toHaveLength(1);
  });

  test('requireApproval: the request through the link, approved by an administrator, is an entry', async () => {
    const { registered, chat, funnel, telegramLink } = await funnelSetup({ requireApproval: true });
    const user = bed.emulator.control.createUser({ first_name: 'Dora' });
    expect(bed.emulator.control.joinByLink({ userId: user.id, inviteLink: telegramLink }).status).toBe('requested');
    await eventually('the join request remembered', async () => (await bed.server.db.sql`select 1 from funnel_join_requests where funnel_id = ${funnel.id}`).length === 1);
    expect((await metricsOf(bed, registered.auth, funnel.id)).today.entries).toBe(0);
    bed.emulator.control.approveJoinRequest({ chatId: chat.id, userId: user.id });
    await eventually('the entry', async () => (await metricsOf(bed, registered.auth, funnel.id)).today.entries === 1);
    expect(await bed.server.db.sql`select 1 from funnel_join_requests where funnel_id = ${funnel.id}`).toHaveLength(0);
  });

  test('the same join update handled twice (a redelivery after a restart) counts once, fires one flow, records one pixel event', async () => {
    const registered = await registeredBot(bed);
    const { chat, channel } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal VIP' });
    const pixel = await createPixel(bed, registered);
    const { funnel, telegramLink } = await createFunnel(bed, registered, channel.id, { pixelIntegrationId: pixel });
    await funnelFlow(registered, chat.id, funnel.id);
    const user = bed.emulator.control.createUser({ first_name: 'Eva' });
    const bot = bed.emulator.control.chatState(chat.id).members.find((member) => member.user.is_bot)?.user;
    const update = (updateId: number) => ({
      update_id: updateId,
      chat_member: {
        chat: { id: chat.id, type: 'channel' as const, title: 'Canal VIP' },
        from: user,
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { status: 'left' as const, user },
        new_chat_member: { status: 'member' as const, user },
        invite_link: { invite_link: telegramLink, creator: bot ?? user, creates_join_request: false, is_primary: false, is_revoked: false },
      },
    });
    const first = update(900_000_001);
    const { deriveSecretHex } = await import('../../lib/crypto.ts');
    const secret = deriveSecretHex(bed.server.config.encryptionKey, `webhook:${registered.bot.id}`);
    expect(await bed.server.server.bots.handleWebhook(registered.bot.id, secret, first)).toBe('accepted');
    await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id });
    // A restarted process has forgotten the update ids it saw: the same join arrives again under a new id.
    expect(await bed.server.server.bots.handleWebhook(registered.bot.id, secret, { ...first, update_id: 900_000_002 })).toBe('accepted');
    await Bun.sleep(300);
    await bed.server.server.bots.flush();
    expect(await entriesOf(funnel.id)).toHaveLength(1);
    expect((await metricsOf(bed, registered.auth, funnel.id)).today.entries).toBe(1);
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: chat.id })).toHaveLength(1);
    const events = await bed.server.db.sql`select event_name from pixel_events where pixel_id = ${pixel}`;
    expect(events.map((row) => row.event_name)).toEqual(['enter_channel']);
  });
});

describe('metrics', () => {
  test('days in the caller time zone: events around midnight in São Paulo fall on their local day, zeros included', async () => {
    const { registered, funnel } = await funnelSetup();
    const sql = bed.server.db.sql;
    // Yesterday 00:30 and the day before 23:30, São Paulo time (UTC-3, no daylight saving since 2019).
    const [today] = await sql<{ day: string }[]>`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day`;
    const day = (offset: number) => new Date(Date.parse(`${today?.day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const local = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);
    await sql`
      insert into funnel_events (funnel_id, kind, occurred_at) values
        (${funnel.id}, 'pageview', ${local(day(-1), '00:30')}), (${funnel.id}, 'click', ${local(day(-1), '00:40')}),
        (${funnel.id}, 'pageview', ${local(day(-2), '23:30')}), (${funnel.id}, 'pageview', ${local(day(-7), '23:59')})`;
    const metrics = await metricsOf(bed, registered.auth, funnel.id, 'days=7&tz=America/Sao_Paulo');
    expect(metrics.history.map((row) => row.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(metrics.history.map((row) => row.pageviews)).toEqual([0, 0, 0, 0, 1, 1, 0]);
    expect(metrics.history.map((row) => row.clicks)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(metrics).toMatchObject({ days: 7, timeZone: 'America/Sao_Paulo', today: { pageviews: 0, clicks: 0, entries: 0, exits: 0 }, totalLeads: 0 });
    // In UTC the two page views near midnight are the same day (02:30 and 03:30 UTC of yesterday's local date).
    const utc = await metricsOf(bed, registered.auth, funnel.id, 'days=30');
    expect(utc.history).toHaveLength(30);
    expect(utc.history.find((row) => row.date === day(-1))?.pageviews).toBe(2);

    expect((await bed.server.api(`/api/funnels/${funnel.id}/metrics?days=10`, registered.auth)).status).toBe(400);
    expect((await bed.server.api(`/api/funnels/${funnel.id}/metrics?tz=Marte/Olimpo`, registered.auth)).status).toBe(400);
  });
});

describe('the funnel card', () => {
  const funnelEvents = (stream: EventStream, funnelId: string) =>
    stream.events.filter((e) => e.event === 'change' && e.data.topic === 'funnels.changed' && e.data.funnelId === funnelId);

  test('the list answers the conversion of the last 30 days; visits, clicks and entries are announced live to the owner only', async () => {
    const { registered, funnel, telegramLink } = await funnelSetup();
    const intruder = await registeredBot(bed);
    const [mine, theirs] = await Promise.all([openEventStream(bed.server.url, registered.auth.token), openEventStream(bed.server.url, intruder.auth.token)]);
    await eventually('the streams open', () => [mine, theirs].every((stream) => stream.events.some((e) => e.event === 'ready')));
    // Older than the window: not part of the conversion.
    await bed.server.db.sql`insert into funnel_events (funnel_id, kind, occurred_at) values (${funnel.id}, 'pageview', now() - interval '31 days')`;

    const visitId = crypto.randomUUID();
    expect((await track(bed, funnel.uuid, 'pageview', { visitId, url: 'https://loja.exemplo.com/' })).status).toBe(204);
    await eventually('the visit announced', () => funnelEvents(mine, funnel.id).length === 1);
    expect((await track(bed, funnel.uuid, 'pageview', { visitId: crypto.randomUUID(), url: 'https://loja.exemplo.com/' })).status).toBe(204);
    expect((await track(bed, funnel.uuid, 'click', { visitId })).status).toBe(200);
    // The visit and the click that came within the throttle's window are one more event at its end.
    await eventually('the burst announced', () => funnelEvents(mine, funnel.id).length === 2);

    const user = bed.emulator.control.createUser({ first_name: 'Gabi' });
    bed.emulator.control.joinByLink({ userId: user.id, inviteLink: telegramLink });
    await eventually('the entry announced', () => funnelEvents(mine, funnel.id).length === 3);

    const list = funnelsResponseSchema.parse(await (await bed.server.api('/api/funnels', registered.auth)).json()).data.funnels;
    expect(list[0]?.conversion).toEqual({ days: 30, pageviews: 2, clicks: 1, entries: 1 });
    expect(theirs.events.filter((e) => e.event === 'change' && e.data.topic === 'funnels.changed')).toEqual([]);
    mine.close();
    theirs.close();
  });
});
