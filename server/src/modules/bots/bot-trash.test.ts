import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { deletionImpactResponseSchema, trashResponseSchema } from '@shared/bots/trash.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { flowChat } from '../../test-support/flow-chat.ts';
import { until } from '../../test-support/jobs.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { botPurgeJob } from './trash-purge.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const json = async (path: string, auth: { token: string }, init: RequestInit & { json?: unknown } = {}) => {
  const response = await bed.server.api(path, { ...init, ...auth });
  return { status: response.status, body: await response.json() };
};

/** What the console shows of the user's data: every list, count and dashboard figure the bot's rows appear in. */
async function consoleView(auth: { token: string }, botId: string) {
  const [bots, bot, contacts, flows, inbox, broadcasts, dashboard, messages] = await Promise.all([
    json('/api/bots', auth), json(`/api/bots/${botId}`, auth), json('/api/contacts/all', auth), json('/api/flows', auth),
    json('/api/messages/conversations', auth), json('/api/broadcasts', auth), json('/api/dashboard/activity?days=7&tz=UTC', auth),
    json('/api/messages/stats', auth),
  ]);
  return {
    bots: bots.body.data.bots.length, bot: bot.status, contacts: contacts.body.pagination.total,
    flows: flows.body.data.flows.length, conversations: inbox.body.data.conversations.length,
    broadcasts: broadcasts.body.pagination.total, sending: dashboard.body.data.activity.now.broadcastsSending,
    unread: dashboard.body.data.activity.now.unreadConversations, received: messages.body.data.stats.received,
  };
}

/** A job enqueued now is done: the worker had a claim round after it, past every job due before it. */
async function aWorkerRound() {
  const marker = await botPurgeJob.enqueue(bed.server.db.sql, { botId: crypto.randomUUID() });
  await until('a worker round', async () => (await bed.server.db.sql`select 1 from jobs where id = ${marker} and status = 'done'`).length > 0);
}

describe('deleting a bot moves it to the trash', () => {
  test('stopped and hidden with everything under it; a due delay waits; restored, everything is back and the delay fires', async () => {
    const chat = await flowChat(bed, { first_name: 'Rosa' });
    const { registered, build, say } = chat;
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/start' });
    const before = await build.node(flowId, 'send_text', { message: 'antes' });
    const delay = await build.node(flowId, 'delay', { duration: 1, unit: 'hours' });
    const after = await build.node(flowId, 'send_text', { message: 'depois' });
    await build.chain(flowId, [trigger, before, delay, after]);
    say('/start');
    await chat.sent(1);
    const botId = registered.bot.id;
    const device = syncClient(bed.server, registered.auth.token);
    await device.pullAll();
    const shown = await eventually('the contact in the console', async () => {
      const view = await consoleView(registered.auth, botId);
      return view.contacts === 1 && view.conversations === 1 ? view : undefined;
    });
    expect(shown).toMatchObject({ bots: 1, bot: 200, flows: 1 });

    const impact = await json(`/api/bots/${botId}/deletion-impact`, registered.auth);
    expect(deletionImpactResponseSchema.parse(impact.body).data.impact).toEqual({ contacts: 1, conversations: 1, flows: 1, broadcastsSending: 0, broadcastsScheduled: 0 });

    expect((await json(`/api/bots/${botId}`, registered.auth, { method: 'DELETE' })).status).toBe(200);
    expect(bed.server.server.bots.isRunning(botId)).toBe(false);
    await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));
    expect(await consoleView(registered.auth, botId)).toEqual({ bots: 0, bot: 404, contacts: 0, flows: 0, conversations: 0, broadcasts: 0, sending: 0, unread: 0, received: 0 });
    const contactId = await contactIdOf(botId);
    for (const path of [`/api/flows/${flowId}`, `/api/bots/${botId}/channels`, `/api/bots/${botId}/deletion-impact`, `/api/contacts/${contactId}`, `/api/messages/contact/${contactId}`]) {
      expect({ path, status: (await json(path, registered.auth)).status }).toEqual({ path, status: 404 });
    }
    // The rows are kept, only hidden.
    expect(await counts(botId)).toEqual({ contacts: 1, flows: 1, messages: 2 });
    await device.pullAll();
    for (const table of ['bots', 'contacts', 'flows', 'flowNodes', 'conversations', 'messages'] as const) {
      expect({ table, rows: device.local.get(table)?.size }).toEqual({ table, rows: 0 });
    }

    const trash = trashResponseSchema.parse((await json('/api/bots/trash', registered.auth)).body).data.bots;
    expect(trash).toHaveLength(1);
    const [trashed] = trash;
    expect(trashed).toMatchObject({ id: botId, name: 'Bot Teste', username: registered.username });
    expect(Date.parse(trashed?.purgeAt ?? '') - Date.parse(trashed?.deletedAt ?? '')).toBe(30 * 86_400_000);

    // The delay comes due while the bot is in the trash: nothing claims it.
    await bed.server.db.sql`update jobs set run_at = now() where kind = 'flow.resume' and scope = ${`bot:${botId}`}`;
    await aWorkerRound();
    const waiting = await bed.server.db.sql<{ status: string }[]>`select status from jobs where kind = 'flow.resume' and scope = ${`bot:${botId}`}`;
    expect(waiting.map((job) => job.status)).toEqual(['queued']);
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: chat.user.id }).map((m) => m.text)).toEqual(['antes']);

    const restored = await json(`/api/bots/trash/${botId}/restore`, registered.auth, { method: 'POST' });
    expect(botResponseSchema.parse(restored.body).data.bot).toMatchObject({ id: botId, isActive: true });
    await eventually('polling to resume', () => bed.emulator.control.isPolling(registered.token));
    expect((await chat.sent(2)).map((m) => m.text)).toEqual(['antes', 'depois']);
    expect(await consoleView(registered.auth, botId)).toMatchObject({ bots: 1, bot: 200, contacts: 1, flows: 1, conversations: 1 });
    expect(trashResponseSchema.parse((await json('/api/bots/trash', registered.auth)).body).data.bots).toEqual([]);
    await device.pullAll();
    expect([...(device.local.get('bots')?.keys() ?? [])]).toEqual([botId]);
    expect(device.local.get('contacts')?.size).toBe(1);
    expect(device.local.get('flows')?.size).toBe(1);
  }, 30_000);

  test('a sending broadcast pauses in the trash and, restored, sends the rest: every recipient once', async () => {
    const registered = await registeredBot(bed);
    const botId = registered.bot.id;
    const people = Array.from({ length: 10 }, (_, n) => bed.emulator.control.createUser({ first_name: `Pessoa ${n}` }));
    for (const person of people) bed.emulator.control.sendPrivateMessage({ from: person.id, bot: registered.token, text: 'oi' });
    await until('the contacts', async () => (await counts(botId))?.contacts === people.length);
    await json(`/api/bots/${botId}`, registered.auth, { method: 'PATCH', json: { broadcastRate: 2 } });
    const created = await json('/api/broadcasts', registered.auth, { json: { name: 'Promoção', botId, message: 'Promoção de hoje', targetType: 'ALL' } });
    const broadcastId: string = created.body.data.broadcast.id;
    const received = () => people.filter((person) => bed.emulator.control.sentMessages({ token: registered.token, chatId: person.id }).some((m) => m.text === 'Promoção de hoje')).length;
    expect((await json(`/api/broadcasts/${broadcastId}/send`, registered.auth, { method: 'POST' })).status).toBe(200);
    await eventually('the first sends', () => received() > 0);

    const impact = deletionImpactResponseSchema.parse((await json(`/api/bots/${botId}/deletion-impact`, registered.auth)).body).data.impact;
    expect(impact.broadcastsSending).toBe(1);
    await json(`/api/bots/${botId}`, registered.auth, { method: 'DELETE' });
    await until('no claim in flight', async () => (await bed.server.db.sql`select 1 from broadcast_recipients where broadcast_id = ${broadcastId} and status = 'sending'`).length === 0);
    const sentAtTrash = received();
    await aWorkerRound();
    await aWorkerRound();
    expect(received()).toBe(sentAtTrash);
    const [paused] = await bed.server.db.sql<{ status: string; pending: number }[]>`
      select b.status, (select count(*) from broadcast_recipients r where r.broadcast_id = b.id and r.status = 'pending')::int as pending
      from broadcasts b where b.id = ${broadcastId}`;
    expect(paused).toEqual({ status: 'SENDING', pending: people.length - sentAtTrash });
    expect((await json(`/api/broadcasts/${broadcastId}`, registered.auth)).status).toBe(404);

    await json(`/api/bots/trash/${botId}/restore`, registered.auth, { method: 'POST' });
    await eventually('the broadcast to complete', async () => (await json(`/api/broadcasts/${broadcastId}`, registered.auth)).body.data?.broadcast.status === 'COMPLETED', 20_000);
    for (const person of people) {
      expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: person.id }).filter((m) => m.text === 'Promoção de hoje')).toHaveLength(1);
    }
  }, 40_000);

  test('a bot switched off before it was deleted comes back switched off', async () => {
    const registered = await registeredBot(bed);
    await json(`/api/bots/${registered.bot.id}`, registered.auth, { method: 'PATCH', json: { isActive: false } });
    await json(`/api/bots/${registered.bot.id}`, registered.auth, { method: 'DELETE' });
    const restored = await json(`/api/bots/trash/${registered.bot.id}/restore`, registered.auth, { method: 'POST' });
    expect(botResponseSchema.parse(restored.body).data.bot.isActive).toBe(false);
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(false);
  }, 20_000);

  test("its token is refused while it is in the trash: its owner is sent to the Lixeira, anyone else hears it is registered", async () => {
    const registered = await registeredBot(bed);
    await json(`/api/bots/${registered.bot.id}`, registered.auth, { method: 'DELETE' });
    const again = await json('/api/bots', registered.auth, { json: { token: registered.token } });
    expect(again).toEqual({
      status: 409,
      body: { success: false, code: 'BOT_IN_TRASH', message: 'Este bot está na Lixeira. Restaure-o em Bots › Lixeira para usá-lo de novo com seus contatos, conversas e fluxos.' },
    });
    const stranger = await registerUser(bed.server);
    const theirs = await json('/api/bots', { token: stranger.tokens.accessToken }, { json: { token: registered.token } });
    expect(theirs).toMatchObject({ status: 409, body: { code: 'BOT_ALREADY_REGISTERED' } });
  }, 20_000);

  test('the bot.delete mutation moves it to the trash too; "Excluir definitivamente" erases it at once', async () => {
    const chat = await flowChat(bed, { first_name: 'Teo' });
    chat.say('oi');
    const botId = chat.registered.bot.id;
    await until('the contact', async () => (await counts(botId)).contacts === 1);
    const device = syncClient(bed.server, chat.registered.auth.token);
    const [answer] = (await device.push([device.envelope('bot.delete', { botId })])).results;
    expect(answer?.status).toBe('applied');
    expect(bed.server.server.bots.isRunning(botId)).toBe(false);
    expect(trashResponseSchema.parse((await json('/api/bots/trash', chat.registered.auth)).body).data.bots.map((bot) => bot.id)).toEqual([botId]);
    expect((await counts(botId)).contacts).toBe(1);

    expect((await json(`/api/bots/trash/${botId}`, chat.registered.auth, { method: 'DELETE' })).status).toBe(200);
    expect(await counts(botId)).toEqual({ contacts: 0, flows: 0, messages: 0 });
    expect((await json(`/api/bots/trash/${botId}/restore`, chat.registered.auth, { method: 'POST' })).status).toBe(404);
    // Only a bot in the trash is erased this way.
    const live = await registeredBot(bed, chat.registered.account);
    expect((await json(`/api/bots/trash/${live.bot.id}`, live.auth, { method: 'DELETE' })).status).toBe(404);
    expect(bed.server.server.bots.isRunning(live.bot.id)).toBe(true);
  }, 20_000);

  test('the purge job erases a bot 30 days after it went to the trash, with everything under it', async () => {
    const chat = await flowChat(bed, { first_name: 'Iara' });
    chat.say('oi');
    const botId = chat.registered.bot.id;
    await until('the contact', async () => (await counts(botId)).contacts === 1);
    await json(`/api/bots/${botId}`, chat.registered.auth, { method: 'DELETE' });
    const [job] = await bed.server.db.sql<{ runAt: Date }[]>`select run_at as "runAt" from jobs where kind = 'bot.purge' and payload ->> 'botId' = ${botId}`;
    const [bot] = await bed.server.db.sql<{ deletedAt: Date }[]>`select deleted_at as "deletedAt" from bots where id = ${botId}`;
    expect((job?.runAt.getTime() ?? 0) - (bot?.deletedAt.getTime() ?? 0)).toBe(30 * 86_400_000);
    // The clock moved 30 days on: the bot was deleted that long ago and its job is due.
    await bed.server.db.sql`update bots set deleted_at = deleted_at - interval '30 days' where id = ${botId}`;
    await bed.server.db.sql`update jobs set run_at = now() where kind = 'bot.purge' and payload ->> 'botId' = ${botId}`;
    await until('the purge', async () => (await bed.server.db.sql`select 1 from bots where id = ${botId}`).length === 0);
    expect(await counts(botId)).toEqual({ contacts: 0, flows: 0, messages: 0 });
  }, 20_000);

  test('a restored bot is not purged by the job of its earlier deletion', async () => {
    const registered = await registeredBot(bed);
    const botId = registered.bot.id;
    await json(`/api/bots/${botId}`, registered.auth, { method: 'DELETE' });
    await json(`/api/bots/trash/${botId}/restore`, registered.auth, { method: 'POST' });
    await bed.server.db.sql`update jobs set run_at = now() where kind = 'bot.purge' and payload ->> 'botId' = ${botId}`;
    await until('the purge job', async () => (await bed.server.db.sql`select 1 from jobs where kind = 'bot.purge' and payload ->> 'botId' = ${botId} and status = 'done'`).length > 0);
    expect((await json(`/api/bots/${botId}`, registered.auth)).status).toBe(200);
  }, 20_000);
});

async function counts(botId: string) {
  const [row = { contacts: -1, flows: -1, messages: -1 }] = await bed.server.db.sql<{ contacts: number; flows: number; messages: number }[]>`
    select (select count(*) from contacts where bot_id = ${botId})::int as contacts,
           (select count(*) from flows where bot_id = ${botId})::int as flows,
           (select count(*) from messages where bot_id = ${botId})::int as messages`;
  return row;
}

async function contactIdOf(botId: string) {
  const [row] = await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${botId}`;
  return row?.id ?? '';
}
