/**
 * The join gate of a chat, through the real server and the Bot API emulator (docs/product.md#acessos): the rule of
 * each chat (left to the administrators by default, declined, or a human check in private), the puzzle answered
 * right, wrong, or not at all (the durable timeout declines it once, and finishes an answer a crash left untold), a
 * holder approved in a plan's chat where the human check is refused, and the decisions listed per chat, newest
 * first, with who asked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CHALLENGE_EMOJI, CHALLENGE_TEXTS } from '@shared/access/challenge-texts.ts';
import { gateDecisionsResponseSchema, joinGateResponseSchema, JOIN_GATE_TEXTS } from '@shared/access/join-gate.ts';
import { accessMemberResponseSchema } from '@shared/access/members.ts';
import { successEnvelope } from '@shared/api/envelope.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { createAccessGate } from './gate-service.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function call(method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: owner.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}

const control = () => bed.emulator.control;
const sql = () => bed.server.db.sql;
const answered = (method: 'approveChatJoinRequest' | 'declineChatJoinRequest', userId: number) =>
  control().apiCalls({ token: owner.token, method }).filter((entry) => Number(entry.params.user_id) === userId).length;
const statusIn = (chatId: number, userId: number) => control().chatState(chatId).members.find((item) => item.user.id === userId)?.status;

async function freeChat(title: string, rule?: string) {
  const room = await promotedChat(bed, owner, { type: 'supergroup', title, joinByRequest: true });
  if (rule) expect((await call('PUT', `/access/gate/${room.channel.id}`, { rule })).status).toBe(200);
  return room;
}

async function decisions(channelId: string, query = '') {
  const answer = await call('GET', `/access/gate/${channelId}/decisions${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return gateDecisionsResponseSchema.parse(answer.body).data;
}

/** A person asks to join and gets the puzzle in private: its text, buttons and message id. */
async function challenged(chatId: number, name: string) {
  const person = control().createUser({ first_name: name, username: `${name.toLowerCase()}_${Date.now() % 10000}` });
  const mark = control().mark();
  control().requestJoin({ userId: person.id, chatId });
  const sent = await control().waitForSentMessage({ token: owner.token, chatId: person.id, since: mark, timeoutMs: 8000 });
  const buttons = ((sent.reply_markup ?? {}) as { inline_keyboard?: { text: string; callback_data: string }[][] }).inline_keyboard?.flat() ?? [];
  const target = CHALLENGE_EMOJI.find((item) => (sent.text ?? '').includes(`Toque no ${item.emoji} (${item.name})`));
  if (!target) throw new Error(`no target in ${sent.text}`);
  return { person, sent, buttons, target };
}

function press(personId: number, messageId: number, data: string) {
  const pressed = control().pressButton({ from: personId, messageId, bot: owner.token, data });
  if (pressed.kind !== 'callback') throw new Error('not a callback button');
  return pressed.callbackQueryId;
}

describe('the rule of a chat', () => {
  test('by default a request is left to the administrators: the bot neither approves nor declines, nothing recorded', async () => {
    const room = await freeChat('Grupo Aberto');
    const gate = joinGateResponseSchema.parse((await call('GET', `/access/gate/${room.channel.id}`)).body).data.gate;
    expect(gate).toEqual({ channelId: room.channel.id, rule: null, effectiveRule: 'admins', plans: [] });
    const person = control().createUser({ first_name: 'Paula' });
    control().requestJoin({ userId: person.id, chatId: room.chat.id });
    await eventually('the request seen', async () => (await sql()`select 1 from contacts where telegram_id = ${person.id}`).length === 1);
    expect(answered('approveChatJoinRequest', person.id) + answered('declineChatJoinRequest', person.id)).toBe(0);
    expect(control().chatState(room.chat.id).joinRequests.map((item) => item.userId)).toContain(person.id);
    expect((await decisions(room.channel.id)).decisions).toEqual([]);
  });

  test('"Recusar" declines every request and lists the decision with who asked', async () => {
    const room = await freeChat('Grupo Fechado', 'decline');
    const person = control().createUser({ first_name: 'Rui', last_name: 'Souza', username: 'rui_souza' });
    control().requestJoin({ userId: person.id, chatId: room.chat.id });
    await eventually('declined', () => answered('declineChatJoinRequest', person.id) === 1);
    // Who asked comes from the bot's contact, which the journal writes shortly after the update.
    const listed = await eventually('the contact named', async () => {
      const page = await decisions(room.channel.id);
      return page.decisions[0]?.name ? page : undefined;
    });
    expect(listed.decisions).toMatchObject([{ telegramId: String(person.id), name: 'Rui Souza', username: 'rui_souza', decision: 'declined', reason: 'Regra do chat: recusar pedidos', planId: null }]);
    expect(listed.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
  });

  test("a rule's change leaves a line in the audit log naming the chat and the new rule", async () => {
    const room = await freeChat('Grupo Auditado', 'challenge');
    expect((await call('PUT', `/access/gate/${room.channel.id}`, { rule: 'decline' })).status).toBe(200);
    const log = successEnvelope(auditPageSchema).parse((await call('GET', '/team/audit?action=gate')).body).data.entries
      .filter((entry) => entry.targetId === room.channel.id);
    expect(log.map((entry) => [entry.action, entry.targetType, entry.targetName, entry.detail['rule']])).toEqual([
      ['gate.update', 'channel', 'Grupo Auditado', 'decline'],
      ['gate.update', 'channel', 'Grupo Auditado', 'challenge'],
    ]);
  });
});

describe('the human check', () => {
  test('the right button approves the request once; any later or forged press is stale', async () => {
    const room = await freeChat('Grupo Protegido', 'challenge');
    const { person, sent, buttons, target } = await challenged(room.chat.id, 'Carla');
    expect(buttons).toHaveLength(6);
    const right = buttons.find((button) => button.text === target.emoji);
    if (!right) throw new Error('no right button');
    // Unguessable data: a random nonce per puzzle, never the emoji.
    expect(right.callback_data).toMatch(/^jg:[A-Za-z0-9_-]{16}:\d$/);
    await control().waitForCallbackAnswer(press(person.id, sent.messageId, right.callback_data));
    await eventually('approved', () => statusIn(room.chat.id, person.id) === 'member');
    await eventually('the puzzle replaced', () => control().sentMessages({ token: owner.token, chatId: person.id, method: 'editMessageText' }).some((item) => item.text === CHALLENGE_TEXTS.passed('Grupo Protegido')));
    // The puzzle lost its buttons; a press that still arrives (an old client), someone else's or a forged one is stale.
    const gate = createAccessGate(sql(), { mailConfigured: false, hashKey: bed.server.config.encryptionKey });
    const stranger = control().createUser({ first_name: 'Intrusa' });
    for (const attempt of [
      { telegramId: person.id, data: right.callback_data },
      { telegramId: stranger.id, data: right.callback_data },
      { telegramId: person.id, data: 'jg:AAAAAAAAAAAAAAAA:0' },
      { telegramId: person.id, data: 'jg:nao-e-um-desafio' },
    ]) expect(await gate.challengeAnswer({ botId: owner.bot.id, ...attempt })).toEqual({ status: 'stale' });
    expect(answered('approveChatJoinRequest', person.id)).toBe(1);
    const listed = (await decisions(room.channel.id)).decisions.map((item) => [item.decision, item.reason]);
    expect(listed).toEqual([['approved', 'Acertou o desafio anti-robô'], ['challenged', 'Desafio anti-robô enviado no privado']]);
  });

  test('a passed check in a chat whose welcome auto-approves is welcomed once, as an auto-approved request is', async () => {
    const room = await freeChat('Grupo Acolhedor', 'challenge');
    const welcome = { message: 'Bem-vinda, {firstName}!', triggerOn: 'ON_JOIN_REQUEST_APPROVED', autoApprove: true, sendToPrivate: true };
    expect((await call('POST', `/flows/channels/${room.channel.id}/welcome`, welcome)).status).toBe(200);
    const { person, sent, buttons, target } = await challenged(room.chat.id, 'Lia');
    const right = buttons.find((button) => button.text === target.emoji);
    if (!right) throw new Error('no right button');
    await control().waitForCallbackAnswer(press(person.id, sent.messageId, right.callback_data));
    const welcomes = () => control().sentMessages({ token: owner.token, chatId: person.id }).filter((item) => item.text === 'Bem-vinda, Lia!');
    await eventually('the welcome', () => welcomes().length === 1);
    await eventually('approved', () => statusIn(room.chat.id, person.id) === 'member');
    // The chat_member update of the bot's own approval has been handled by now: it sends no second welcome.
    await Bun.sleep(300);
    expect(welcomes()).toHaveLength(1);
  });

  test('a wrong button declines the request: one attempt', async () => {
    const room = await freeChat('Grupo Protegido 2', 'challenge');
    const { person, sent, buttons, target } = await challenged(room.chat.id, 'Davi');
    const wrong = buttons.find((button) => button.text !== target.emoji);
    const right = buttons.find((button) => button.text === target.emoji);
    if (!wrong || !right) throw new Error('no buttons');
    await control().waitForCallbackAnswer(press(person.id, sent.messageId, wrong.callback_data));
    await eventually('declined', () => answered('declineChatJoinRequest', person.id) === 1);
    expect(await createAccessGate(sql(), { mailConfigured: false, hashKey: bed.server.config.encryptionKey }).challengeAnswer({ botId: owner.bot.id, telegramId: person.id, data: right.callback_data })).toEqual({ status: 'stale' });
    expect(answered('approveChatJoinRequest', person.id)).toBe(0);
    expect((await decisions(room.channel.id)).decisions[0]).toMatchObject({ decision: 'declined', reason: 'Errou o desafio anti-robô' });
  });

  test('no answer before the deadline: the durable job declines once and replaces the puzzle', async () => {
    const room = await freeChat('Grupo Protegido 3', 'challenge');
    const { person, buttons } = await challenged(room.chat.id, 'Elis');
    const [challenge] = await sql()<{ id: string }[]>`select id from access_join_challenges where telegram_id = ${person.id}`;
    expect(await sql()`select 1 from jobs where kind = 'access.challenge-timeout' and payload->>'challengeId' = ${challenge?.id ?? ''} and status = 'queued'`).toHaveLength(1);
    // The deadline brought forward: the worker claims the job at its next poll.
    await sql()`update access_join_challenges set expires_at = now() - interval '1 second' where id = ${challenge?.id ?? ''}`;
    await sql()`update jobs set run_at = now() where kind = 'access.challenge-timeout' and payload->>'challengeId' = ${challenge?.id ?? ''}`;
    await eventually('declined at the deadline', () => answered('declineChatJoinRequest', person.id) === 1);
    await eventually('the puzzle replaced', () => control().sentMessages({ token: owner.token, chatId: person.id, method: 'editMessageText' }).some((item) => item.text === CHALLENGE_TEXTS.expired('Grupo Protegido 3')));
    const first = buttons[0];
    if (!first) throw new Error('no button');
    expect(await createAccessGate(sql(), { mailConfigured: false, hashKey: bed.server.config.encryptionKey }).challengeAnswer({ botId: owner.bot.id, telegramId: person.id, data: first.callback_data })).toEqual({ status: 'stale' });
    await eventually('the job done', async () => (await sql()`select 1 from jobs where kind = 'access.challenge-timeout' and payload->>'challengeId' = ${challenge?.id ?? ''} and status = 'done'`).length === 1);
    expect(answered('declineChatJoinRequest', person.id)).toBe(1);
    expect((await decisions(room.channel.id)).decisions[0]).toMatchObject({ decision: 'declined', reason: 'Não respondeu ao desafio anti-robô a tempo' });
  });

  test('a right answer whose approval never reached Telegram (a crash after the commit) is approved by the deadline job', async () => {
    const room = await freeChat('Grupo Protegido 4', 'challenge');
    const { person } = await challenged(room.chat.id, 'Fabi');
    // The press committed (passed), the process died before approveChatJoinRequest: nothing settled it.
    const [challenge] = await sql()<{ id: string }[]>`update access_join_challenges set status = 'passed', expires_at = now() - interval '1 second' where telegram_id = ${person.id} returning id`;
    await sql()`update jobs set run_at = now() where kind = 'access.challenge-timeout' and payload->>'challengeId' = ${challenge?.id ?? ''}`;
    await eventually('approved by the job', () => statusIn(room.chat.id, person.id) === 'member');
    await eventually('the job done', async () => (await sql()`select 1 from jobs where kind = 'access.challenge-timeout' and payload->>'challengeId' = ${challenge?.id ?? ''} and status = 'done'`).length === 1);
    expect([answered('approveChatJoinRequest', person.id), answered('declineChatJoinRequest', person.id)]).toEqual([1, 0]);
    const [row] = await sql()<{ status: string; settled: boolean }[]>`select status, settled_at is not null as settled from access_join_challenges where id = ${challenge?.id ?? ''}`;
    expect(row).toEqual({ status: 'passed', settled: true });
  });
});

describe('a chat of a plan', () => {
  test('a holder is approved, the human check is refused, others declined; decisions link the plan and page', async () => {
    const room = await freeChat('Sala Paga');
    const created = await call('POST', '/access/plans', { name: 'VIP Anual', botId: owner.bot.id, channelIds: [room.channel.id], durationDays: 365, graceDays: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planId = (created.body as { data: { plan: { id: string } } }).data.plan.id;
    const gate = joinGateResponseSchema.parse((await call('GET', `/access/gate/${room.channel.id}`)).body).data.gate;
    expect(gate).toMatchObject({ rule: null, effectiveRule: 'decline', plans: [{ id: planId, name: 'VIP Anual' }] });
    const refused = await call('PUT', `/access/gate/${room.channel.id}`, { rule: 'challenge' });
    expect(refused).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', message: JOIN_GATE_TEXTS.challengeInPlan } });

    const granted = await call('POST', `/access/plans/${planId}/members`, { email: 'holder@example.com', days: 30 });
    const member = accessMemberResponseSchema.parse(granted.body).data.member;
    const holder = control().createUser({ first_name: 'Gil' });
    await sql()`update access_members set telegram_id = ${holder.id}, status = 'ACTIVE' where id = ${member.id}`;
    control().requestJoin({ userId: holder.id, chatId: room.chat.id });
    await eventually('the holder approved', () => statusIn(room.chat.id, holder.id) === 'member');
    const stranger = control().createUser({ first_name: 'Hugo' });
    control().requestJoin({ userId: stranger.id, chatId: room.chat.id });
    await eventually('the stranger declined', () => answered('declineChatJoinRequest', stranger.id) === 1);

    const firstPage = await decisions(room.channel.id, '?limit=1');
    expect(firstPage.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(firstPage.decisions).toMatchObject([{ telegramId: String(stranger.id), decision: 'declined', planId: null }]);
    const second = await decisions(room.channel.id, '?limit=1&page=2');
    expect(second.decisions).toMatchObject([{ telegramId: String(holder.id), decision: 'approved', memberId: member.id, planId, planName: 'VIP Anual' }]);
  });
});
