import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { channelsResponseSchema } from '@shared/bots/schemas.ts';
import { contactsResponseSchema } from '@shared/contacts/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, listChannels, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

describe('channel inventory', () => {
  test('learns chats where the bot is promoted and forgets them when it is demoted or removed', async () => {
    const registered = await registeredBot(bed);
    const group = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Vendas' });
    const channel = await promotedChat(bed, registered, { type: 'channel', title: 'Canal Novidades' });
    expect(group.channel).toMatchObject({ channelName: 'Grupo Vendas', channelType: 'supergroup', botRights: { canInviteUsers: true, canPostMessages: null } });
    expect(channel.channel).toMatchObject({ channelName: 'Canal Novidades', channelType: 'channel' });

    bed.emulator.control.demoteBot({ chatId: group.chat.id, bot: registered.token });
    await eventually('the demoted group to leave', async () => (await listChannels(bed, registered)).length === 1);
    bed.emulator.control.removeBot({ chatId: channel.chat.id, bot: registered.token });
    await eventually('the channel to leave', async () => (await listChannels(bed, registered)).length === 0);
  });

  test('a member-only bot (not administrator) is not listed', async () => {
    const registered = await registeredBot(bed);
    const owner = bed.emulator.control.createUser({ first_name: 'Dono' });
    const chat = bed.emulator.control.createChat({ type: 'group', title: 'Só Membro', creatorId: owner.id });
    bed.emulator.control.addBot({ chatId: chat.id, bot: registered.token, asAdmin: false });
    const sentinel = await promotedChat(bed, registered, { type: 'group', title: 'Sentinela' });
    expect((await listChannels(bed, registered)).map((c) => c.channelName)).toEqual([sentinel.channel.channelName]);
  });

  test('a group that becomes a supergroup keeps its record and welcome under the new chat id', async () => {
    const registered = await registeredBot(bed);
    const { chat, channel } = await promotedChat(bed, registered, { type: 'group', title: 'Grupo Antigo' });
    await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, { json: { message: 'Oi {firstName}' }, ...registered.auth });
    const { supergroupId } = bed.emulator.control.migrateToSupergroup({ chatId: chat.id });
    const moved = await eventually('the migration', async () =>
      (await listChannels(bed, registered)).find((c) => c.channelId === String(supergroupId)),
    );
    expect(moved).toMatchObject({ id: channel.id, channelType: 'supergroup' });
    const user = bed.emulator.control.createUser({ first_name: 'Lia' });
    const since = bed.emulator.control.mark();
    bed.emulator.control.joinChat({ userId: user.id, chatId: supergroupId });
    expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: supergroupId, since })).text).toBe('Oi Lia');
  });

  test('Sincronizar refreshes from Telegram and drops chats the bot no longer administers; GET stays read-only', async () => {
    const registered = await registeredBot(bed);
    const kept = await promotedChat(bed, registered, { type: 'supergroup', title: 'Fica' });
    const lost = await promotedChat(bed, registered, { type: 'supergroup', title: 'Sai' });
    // While the bot is off the demotion is not processed: only Sincronizar can notice it.
    await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: false }, ...registered.auth });
    bed.emulator.control.demoteBot({ chatId: lost.chat.id, bot: registered.token });
    expect(await listChannels(bed, registered)).toHaveLength(2);
    expect(bed.emulator.control.apiCalls({ token: registered.token, method: 'getChat' })).toHaveLength(0);

    const response = await bed.server.api(`/api/bots/${registered.bot.id}/channels/sync`, { method: 'POST', ...registered.auth });
    expect(response.status).toBe(200);
    const channels = channelsResponseSchema.parse(await response.json()).data.channels;
    expect(channels.map((c) => c.id)).toEqual([kept.channel.id]);
    expect(bed.emulator.control.apiCalls({ token: registered.token, method: 'getChatMember' }).length).toBeGreaterThanOrEqual(2);
  });
});

describe('contacts capture', () => {
  test('upserts the contact on every update and stores private messages in and out', async () => {
    const registered = await registeredBot(bed);
    const { chat, channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Contatos' });
    await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, { json: { message: 'Bem-vinda, {firstName}', sendToPrivate: true }, ...registered.auth });
    const user = bed.emulator.control.createUser({ first_name: 'Marina', last_name: 'Reis', username: 'mari', language_code: 'pt-br' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/start' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'tudo bem?' });
    const since = bed.emulator.control.mark();
    bed.emulator.control.joinChat({ userId: user.id, chatId: chat.id });
    await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id, since });

    const messages = await eventually('three stored messages', async () => {
      await bed.server.server.bots.flush();
      const rows = await bed.server.db.sql<{ direction: string; text: string; chatId: string }[]>`
        select m.direction, m.text, m.chat_id::text as "chatId" from messages m join contacts c on c.id = m.contact_id
        where c.bot_id = ${registered.bot.id} and not messages_is_activity(m.type) order by m.created_at, m.id`;
      return rows.length >= 3 ? rows : undefined;
    });
    expect(messages.map((m) => [m.direction, m.text, m.chatId])).toEqual([
      ['in', '/start', String(user.id)],
      ['in', 'tudo bem?', String(user.id)],
      ['out', 'Bem-vinda, Marina', String(user.id)],
    ]);
    const response = await bed.server.api(`/api/contacts?botId=${registered.bot.id}`, registered.auth);
    const page = contactsResponseSchema.parse(await response.json());
    // The chat owner who promoted the bot is a contact too (their my_chat_member update came from a user).
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    expect(page.data.contacts.find((contact) => contact.firstName === 'Marina')).toMatchObject({
      telegramId: String(user.id), firstName: 'Marina', lastName: 'Reis', username: 'mari', isBot: false, languageCode: 'pt-br', messageCount: 2,
    });
  });
});
