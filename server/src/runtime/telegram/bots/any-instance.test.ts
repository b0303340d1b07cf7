/**
 * Requests may land on any instance (docs/decisions.md#scale-out): two real servers (`bun server/src/index.ts` in
 * child processes) on one PostgreSQL and one Bot API emulator, one bot. Every request below goes to the instance that
 * does NOT run the bot (its lease is held by the other one): an inbox reply is delivered once; a funnel's invite link
 * is created, edited and revoked; a tracking click gets its per-visit link; a console contact edit starts the bot's trigger_contact_updated flow once (in the
 * owner, through the forwarded job); a real flow test runs and answers; a 429 is waited out. Then Telegram refuses
 * the token there (401): the bot is switched off everywhere, and the same instance answers BOT_NOT_RUNNING.
 * PostgreSQL only: the embedded database belongs to one process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { botResponseSchema, channelsResponseSchema } from '@shared/bots/schemas.ts';
import { testFlowResponseSchema } from '@shared/flows/executions.ts';
import { funnelCreatedResponseSchema } from '@shared/funnels/schemas.ts';
import { pixelResponseSchema } from '@shared/pixels/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../../tools/telegram-emulator/emulator.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { sharedInstanceEnv, startInstance, type InstanceProcess } from '../../../test-support/instance-process.ts';
import { eventually } from '../../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../../test-support/test-database.ts';

const onPostgres = realPostgresUrl() !== undefined;
if (!onPostgres) console.log('any-instance.test.ts: skipped on the embedded database (one process owns it; set DATABASE_URL to run)');

let emulator: TelegramEmulator;
let db: TestDatabase;
let instances: InstanceProcess[] = [];
/** The instance that runs the bot, and the one every request of these tests goes to. */
let owner: InstanceProcess;
let other: InstanceProcess;
let auth: { token: string };
let botId = '';
let botToken = '';
let channelId = '';
let channelChatId = 0;

/** A fresh user writes to the bot (handled by the owner); answers the contact's id once stored. */
async function newContact(firstName: string): Promise<{ userId: number; contactId: string }> {
  const user = emulator.control.createUser({ first_name: firstName });
  emulator.control.sendPrivateMessage({ from: user.id, bot: botToken, text: 'oi' });
  const contactId = await eventually('the contact', async () => {
    const rows = await db.sql<{ id: string }[]>`select id from contacts where bot_id = ${botId} and telegram_id = ${user.id}`;
    return rows[0]?.id;
  }, 10_000);
  return { userId: user.id, contactId };
}

const texts = (chatId: number) => emulator.control.sentMessages({ token: botToken, chatId }).map((message) => message.text);
const calls = (method: string) => emulator.control.apiCalls({ token: botToken, method });

describe.skipIf(!onPostgres)('requests that reach the instance not running the bot', () => {
  beforeAll(async () => {
    emulator = createTelegramEmulator({ rateLimits: false });
    db = await createTestDatabase();
    // Conversions of the pixel funnel stay on the machine (a local address that answers 404).
    const env = sharedInstanceEnv(db.databaseUrl, emulator.url, { META_GRAPH_URL: `${emulator.url}/graph` });
    instances = await Promise.all(['A', 'B'].map((name) => startInstance(name, env)));
    const [a] = instances;
    if (!a) throw new Error('no instance');
    auth = { token: (await registerUser(a)).tokens.accessToken };
    const created = emulator.control.createBot({ username: `anywhere_${Date.now() % 100000}_bot`, first_name: 'Bot Qualquer' });
    botToken = created.token;
    const registered = await a.api('/api/bots', { json: { token: created.token }, ...auth });
    expect(registered.status).toBe(201);
    botId = botResponseSchema.parse(await registered.json()).data.bot.id;
    const ownerId = await eventually('the bot owned', async () => {
      const rows = await db.sql<{ owner: string | null }[]>`select owner from bot_polling where bot_id = ${botId}`;
      return rows[0]?.owner ?? undefined;
    }, 30_000);
    const found = instances.find((instance) => instance.instanceId === ownerId);
    const rest = instances.find((instance) => instance.instanceId !== ownerId);
    if (!found || !rest) throw new Error(`owner ${ownerId} is none of the instances`);
    owner = found;
    other = rest;
    console.log(`bot run by ${owner.name}; requests go to ${other.name}`);
    await eventually('the bot polling', () => emulator.control.isPolling(created.token), 30_000);
    const admin = emulator.control.createUser({ first_name: 'Dona' });
    const chat = emulator.control.createChat({ type: 'channel', title: 'Canal Qualquer', creatorId: admin.id });
    channelChatId = chat.id;
    emulator.control.promoteBot({ chatId: chat.id, bot: created.token });
    channelId = await eventually('the channel', async () => {
      const response = await other.api(`/api/bots/${botId}/channels`, auth);
      return channelsResponseSchema.parse(await response.json()).data.channels.find((item) => item.channelId === String(chat.id))?.id;
    }, 15_000);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.signal('SIGTERM');
    await Promise.all(instances.map((instance) => Promise.race([instance.exited, Bun.sleep(10_000)])));
    for (const instance of instances) instance.cleanup();
    await db?.close();
    await emulator?.stop();
  }, 30_000);

  test('an inbox reply through the other instance is delivered once', async () => {
    const { userId, contactId } = await newContact('Ana');
    const response = await other.api('/api/messages/send', { json: { id: crypto.randomUUID(), botId, contactId, text: 'Resposta de longe' }, ...auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { message: { status: 'SENT' } } });
    await Bun.sleep(300);
    expect(texts(userId).filter((text) => text === 'Resposta de longe')).toHaveLength(1);
  }, 30_000);

  test('a funnel is created, edited and revoked through the other instance', async () => {
    const createdResponse = await other.api('/api/funnels', { json: { botId, channelId, name: 'Funil Longe' }, ...auth });
    expect(createdResponse.status).toBe(201);
    const funnel = funnelCreatedResponseSchema.parse(await createdResponse.json()).data.funnel;
    const [created] = calls('createChatInviteLink');
    expect(created?.errorCode).toBeUndefined();
    expect(calls('createChatInviteLink')).toHaveLength(1);

    const edited = await other.api(`/api/funnels/${funnel.id}`, { method: 'PUT', json: { name: 'Funil Renomeado', requireApproval: true }, ...auth });
    expect(edited.status).toBe(200);
    expect(calls('editChatInviteLink')).toHaveLength(1);

    expect((await other.api(`/api/funnels/${funnel.id}`, { method: 'DELETE', ...auth })).status).toBe(200);
    expect(calls('revokeChatInviteLink')).toHaveLength(1);
    const links = emulator.control.apiCalls({ token: botToken }).filter((call) => call.method.endsWith('ChatInviteLink'));
    expect(links.every((call) => call.errorCode === undefined)).toBe(true);
    expect(channelChatId).toBeLessThan(0);
  }, 30_000);

  test('a tracking click on the other instance gets its per-visit invite link (a funnel with a pixel)', async () => {
    const pixelResponse = await other.api('/api/pixels', { json: { name: 'Pixel', pixelId: '123456789012345', accessToken: `EAAB${'n'.repeat(40)}` }, ...auth });
    expect(pixelResponse.status).toBe(201);
    const pixel = pixelResponseSchema.parse(await pixelResponse.json()).data.pixel;
    const createdResponse = await other.api('/api/funnels', { json: { botId, channelId, name: 'Funil Pixel', pixelIntegrationId: pixel.id }, ...auth });
    expect(createdResponse.status).toBe(201);
    const funnel = funnelCreatedResponseSchema.parse(await createdResponse.json()).data.funnel;
    const before = calls('createChatInviteLink').length;
    const click = await other.api(`/api/t/${funnel.uuid}/click`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (Teste)' },
      body: JSON.stringify({ visitId: crypto.randomUUID() }),
    });
    expect(click.status).toBe(200);
    const { link } = (await click.json()) as { link: string };
    const perVisit = calls('createChatInviteLink').slice(before);
    expect(perVisit).toHaveLength(1);
    expect(perVisit[0]?.params).toMatchObject({ member_limit: 1 });
    expect(perVisit[0]?.errorCode).toBeUndefined();
    expect(link).not.toBe(funnel.telegramLink);
  }, 30_000);

  test('a contact edit through the other instance starts the trigger_contact_updated flow once, in the owner', async () => {
    const build = flowBuilder(other, auth, botId);
    const flowId = await build.flow({ name: 'Telefone' });
    await build.chain(flowId, [
      await build.node(flowId, 'trigger_contact_updated', { watchFields: ['phoneNumber'] }),
      await build.node(flowId, 'send_text', { message: 'Telefone salvo: {{contact.phoneNumber}}' }),
    ]);
    const { userId, contactId } = await newContact('Bia');
    const response = await other.api(`/api/contacts/${contactId}`, { method: 'PUT', json: { phoneNumber: '+55 11 97777-6666' }, ...auth });
    expect(response.status).toBe(200);
    await eventually('the flow to answer', () => texts(userId).includes('Telefone salvo: +55 11 97777-6666'), 10_000);
    await Bun.sleep(1_000);
    expect(texts(userId).filter((text) => text?.startsWith('Telefone salvo'))).toHaveLength(1);
    // Forwarded as a job the owner ran (the other instance does not run the bot's flows).
    const jobs = await db.sql<{ status: string }[]>`select status from jobs where kind = 'flow.contact-event' and scope = ${`bot:${botId}`}`;
    expect(jobs.map((job) => job.status)).toEqual(['done']);
    const executions = await db.sql<{ n: number }[]>`select count(*)::int as n from flow_executions where flow_id = ${flowId}`;
    expect(executions[0]?.n).toBe(1);
  }, 30_000);

  test('a real flow test through the other instance runs and answers its steps', async () => {
    const build = flowBuilder(other, auth, botId);
    const flowId = await build.flow({ name: 'Teste' });
    await build.chain(flowId, [
      await build.node(flowId, 'trigger_command', { command: '/oi' }),
      await build.node(flowId, 'send_text', { message: 'Olá {{contact.firstName}} de @{{bot.username}}' }),
    ]);
    const { userId } = await newContact('Caio');
    const answer = await build.call('POST', `/flows/${flowId}/test`, { telegramId: userId, dryRun: false, text: '/oi' });
    expect(answer.status).toBe(200);
    const result = testFlowResponseSchema.parse(answer.body).data.result;
    expect(result).toMatchObject({ dryRun: false, status: 'completed' });
    expect(result.executionId).not.toBeNull();
    expect(result.steps.map((step) => [step.subType, step.outcome])).toEqual([['trigger_command', 'ok'], ['send_text', 'ok']]);
    const username = (await db.sql<{ username: string }[]>`select username from bots where id = ${botId}`)[0]?.username;
    await Bun.sleep(300);
    expect(texts(userId).filter((text) => text?.startsWith('Olá'))).toEqual([`Olá Caio de @${username}`]);
  }, 30_000);

  test('a 429 on the other instance is waited out, as by the running bot: the reply still goes once', async () => {
    const { userId, contactId } = await newContact('Eva');
    emulator.control.injectFailure({ token: botToken, method: 'sendMessage', errorCode: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1, times: 1 });
    const response = await other.api('/api/messages/send', { json: { id: crypto.randomUUID(), botId, contactId, text: 'Depois da espera' }, ...auth });
    expect(response.status).toBe(200);
    expect(calls('sendMessage').filter((call) => call.errorCode === 429)).toHaveLength(1);
    expect(texts(userId).filter((text) => text === 'Depois da espera')).toHaveLength(1);
  }, 30_000);

  test('a 401 on the other instance switches the bot off everywhere; then nothing goes out and BOT_NOT_RUNNING answers', async () => {
    const { contactId } = await newContact('Davi');
    emulator.control.injectFailure({ token: botToken, method: 'sendMessage', errorCode: 401, description: 'Unauthorized', times: 1 });
    const refused = await other.api('/api/messages/send', { json: { id: crypto.randomUUID(), botId, contactId, text: 'Recusada' }, ...auth });
    expect(await refused.json()).toMatchObject({ success: false, code: 'MESSAGE_NOT_DELIVERED' });
    const reason = await eventually('the bot switched off', async () => {
      const rows = await db.sql<{ isActive: boolean; reason: string | null }[]>`select is_active as "isActive", inactive_reason as reason from bots where id = ${botId}`;
      return rows[0]?.isActive === false ? rows[0].reason : undefined;
    }, 5_000);
    expect(reason).toBe('O Telegram recusou o token deste bot. Cadastre um token válido.');
    await eventually('the owner to stop polling', () => !emulator.control.isPolling(botToken), 10_000);
    const before = calls('sendMessage').length + calls('createChatInviteLink').length;
    const funnel = await other.api('/api/funnels', { json: { botId, channelId, name: 'Funil Desligado' }, ...auth });
    expect(funnel.status).toBe(409);
    const reply = await other.api('/api/messages/send', { json: { id: crypto.randomUUID(), botId, contactId, text: 'Ninguém' }, ...auth });
    expect(await reply.json()).toMatchObject({ success: false, code: 'MESSAGE_NOT_DELIVERED', message: 'O bot está desativado ou indisponível. Ative-o e tente novamente.' });
    expect(calls('sendMessage').length + calls('createChatInviteLink').length).toBe(before);
  }, 30_000);
});
