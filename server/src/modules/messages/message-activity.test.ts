/**
 * What the bot did, in the contact's conversation (docs/product.md#screen-chat): through the real server and the Bot
 * API emulator, a flow's message with its buttons, the contact's press on one, a welcome, joins, leaves and join
 * requests, a broadcast and a reply typed in the console, each answered by GET /api/messages/contact/{id} with its
 * type and source; activity never counts as unread nor as a message received; a new contact is announced live.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { conversationsResponseSchema, messagesResponseSchema, statsResponseSchema, type Message } from '@shared/messages/schemas.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { flowChat } from '../../test-support/flow-chat.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(30_000);

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Scene = Awaited<ReturnType<typeof flowChat>>;

async function api(scene: Scene, method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: scene.registered.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

const contactIdOf = async (scene: Scene) => {
  const list = conversationsResponseSchema.parse((await api(scene, 'GET', '/messages/conversations')).body).data.conversations;
  return list.find((conversation) => conversation.chatId === String(scene.user.id));
};

const messagesOf = async (scene: Scene, contactId: string) =>
  messagesResponseSchema.parse((await api(scene, 'GET', `/messages/contact/${contactId}`)).body).data.messages;

/** The conversation once it holds `count` rows (activity is written by the journal a moment after it happens). */
const conversationOf = (scene: Scene, contactId: string, count: number) =>
  eventually(`${count} rows in the conversation`, async () => {
    await bed.server.server.bots.flush();
    const messages = await messagesOf(scene, contactId);
    return messages.length >= count ? messages : undefined;
  });

const shape = (message: Message) => ({ type: message.type, source: message.source, direction: message.direction, content: message.content });

async function menuFlow(scene: Scene) {
  const { build } = scene;
  const flowId = await build.flow();
  const trigger = await build.node(flowId, 'trigger_command', { command: '/menu' });
  const menu = await build.node(flowId, 'send_buttons', {
    message: 'Escolha uma opção',
    buttons: [[{ text: 'Quero saber mais', type: 'callback', value: 'flow_pending' }], [{ text: 'Site', type: 'url', value: 'https://exemplo.com' }]],
  });
  const answer = await build.node(flowId, 'send_text', { message: 'Aqui está tudo sobre nós' });
  await build.chain(flowId, [trigger, menu]);
  await build.connect(flowId, menu, answer, 'button_0_0');
}

describe('the conversation shows what the bot did', () => {
  test('a flow message with buttons, the press on one, joins, leaves and a join request: each with its type and source', async () => {
    const scene = await flowChat(bed, { first_name: 'Lia', username: 'lia' });
    await menuFlow(scene);
    scene.say('/menu');
    const [menu] = await scene.sent(1);
    const pressed = bed.emulator.control.pressButton({ from: scene.user.id, bot: scene.registered.token, messageId: menu?.messageId ?? 0, buttonText: 'Quero saber mais' });
    if (pressed.kind !== 'callback') throw new Error('not a callback button');
    await scene.sent(2);
    const { chat } = await promotedChat(bed, scene.registered, { type: 'channel', title: 'Canal VIP' });
    bed.emulator.control.joinChat({ userId: scene.user.id, chatId: chat.id });
    bed.emulator.control.leaveChat({ userId: scene.user.id, chatId: chat.id });
    const { chat: closed } = await promotedChat(bed, scene.registered, { type: 'supergroup', title: 'Grupo Fechado', joinByRequest: true });
    bed.emulator.control.requestJoin({ userId: scene.user.id, chatId: closed.id });

    const contactId = (await eventually('the conversation', () => contactIdOf(scene)))?.contactId ?? '';
    const messages = await conversationOf(scene, contactId, 7);
    expect(messages.map(shape)).toEqual([
      { type: 'TEXT', source: 'CONTACT', direction: 'INCOMING', content: '/menu' },
      { type: 'TEXT', source: 'FLOW', direction: 'OUTGOING', content: 'Escolha uma opção' },
      { type: 'BUTTON_PRESS', source: 'CONTACT', direction: 'INCOMING', content: 'Quero saber mais' },
      { type: 'TEXT', source: 'FLOW', direction: 'OUTGOING', content: 'Aqui está tudo sobre nós' },
      { type: 'MEMBER_JOINED', source: 'CONTACT', direction: 'INCOMING', content: 'Canal VIP' },
      { type: 'MEMBER_LEFT', source: 'CONTACT', direction: 'INCOMING', content: 'Canal VIP' },
      { type: 'JOIN_REQUEST', source: 'CONTACT', direction: 'INCOMING', content: 'Grupo Fechado' },
    ]);
    expect(messages[1]?.buttons).toEqual([[{ text: 'Quero saber mais', url: null }], [{ text: 'Site', url: 'https://exemplo.com' }]]);
    expect(messages[0]?.buttons).toEqual([]);

    // Only the contact's message waits for an answer; activity is no message received.
    const conversation = await contactIdOf(scene);
    expect(conversation?.unreadCount).toBe(1);
    expect(conversation?.lastMessage).toMatchObject({ type: 'JOIN_REQUEST', source: 'CONTACT', content: 'Grupo Fechado' });
    const stats = statsResponseSchema.parse((await api(scene, 'GET', `/messages/stats?botId=${scene.registered.bot.id}`)).body).data.stats;
    expect(stats).toMatchObject({ received: 1, sent: 2, unread: 1 });
  });

  test('a welcome, a broadcast and a reply typed in the console are marked by who sent them', async () => {
    const scene = await flowChat(bed, { first_name: 'Rui' });
    scene.say('oi');
    const contactId = (await eventually('the conversation', () => contactIdOf(scene)))?.contactId ?? '';
    const { chat, channel } = await promotedChat(bed, scene.registered, { type: 'channel', title: 'Canal Novidades' });
    const welcome = await api(scene, 'POST', `/flows/channels/${channel.id}/welcome`, {
      message: 'Bem-vindo, {firstName}!', buttons: [{ text: 'Regras', value: 'https://exemplo.com/regras' }],
    });
    expect(welcome.status).toBe(200);
    bed.emulator.control.joinChat({ userId: scene.user.id, chatId: chat.id });
    await conversationOf(scene, contactId, 3);

    const created = await api(scene, 'POST', '/broadcasts', {
      name: 'Promoção', botId: scene.registered.bot.id, message: 'Promoção <b>hoje</b> &amp; amanhã', targetType: 'SELECTED', contactIds: [contactId],
      buttons: [{ buttons: [{ text: 'Comprar', type: 'url', value: 'https://exemplo.com/loja' }, { text: 'Depois', type: 'callback', value: 'depois' }] }],
    });
    const broadcastId = broadcastResponseSchema.parse(created.body).data.broadcast.id;
    expect((await api(scene, 'POST', `/broadcasts/${broadcastId}/send`)).status).toBe(200);
    await conversationOf(scene, contactId, 4);
    expect((await api(scene, 'POST', '/messages/send', { botId: scene.registered.bot.id, contactId, text: 'Posso ajudar?' })).status).toBe(200);

    const messages = await conversationOf(scene, contactId, 5);
    expect(messages.map(shape)).toEqual([
      { type: 'TEXT', source: 'CONTACT', direction: 'INCOMING', content: 'oi' },
      { type: 'MEMBER_JOINED', source: 'CONTACT', direction: 'INCOMING', content: 'Canal Novidades' },
      { type: 'TEXT', source: 'WELCOME', direction: 'OUTGOING', content: 'Bem-vindo, Rui!' },
      { type: 'TEXT', source: 'BROADCAST', direction: 'OUTGOING', content: 'Promoção hoje & amanhã' },
      { type: 'TEXT', source: 'OPERATOR', direction: 'OUTGOING', content: 'Posso ajudar?' },
    ]);
    expect(messages[2]?.buttons).toEqual([[{ text: 'Regras', url: 'https://exemplo.com/regras' }]]);
    expect(messages[3]?.buttons).toEqual([[{ text: 'Comprar', url: 'https://exemplo.com/loja' }, { text: 'Depois', url: null }]]);
  });

  test('a contact changed by an update with nothing for the inbox (a message in a group) is announced live to its owner', async () => {
    const scene = await flowChat(bed, { first_name: 'Téo' });
    // The group's creator promotes the bot: that update is the creator's first touch, their contact.
    const { chat, owner } = await promotedChat(bed, scene.registered, { type: 'supergroup', title: 'Grupo Aberto' });
    await bed.server.server.bots.flush();
    const stream = await openEventStream(bed.server.url, scene.registered.auth.token);
    await eventually('the ready event', () => stream.events.some((event) => event.event === 'ready'));
    bed.emulator.control.updateUser({ id: owner.id, first_name: 'Dona Renomeada' });
    bed.emulator.control.sendChatMessage({ from: owner.id, chatId: chat.id, text: 'Olá, grupo' });
    await eventually('the contacts event', () => stream.events.find((event) => event.event === 'change' && event.data.topic === 'contacts.changed'));
    stream.close();
    expect(stream.events.some((event) => event.event === 'change' && event.data.topic === 'messages.changed')).toBe(false);
    const [row] = await bed.server.db.sql<{ firstName: string }[]>`
      select first_name as "firstName" from contacts where bot_id = ${scene.registered.bot.id} and telegram_id = ${owner.id}`;
    expect(row?.firstName).toBe('Dona Renomeada');
  });
});
