/**
 * Where and when a flow runs: only enabled flows of active bots, only in their execution contexts. Silence is
 * proven with a sentinel: updates of one chat are handled in order, so once the sentinel's reply arrives, the update
 * before it has been fully handled and anything it would have sent is already there.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function setup() {
  const registered = await registeredBot(bed);
  const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
  const user = bed.emulator.control.createUser({ first_name: 'Rita' });
  /** A flow answering /eco with 'eco' in `contexts`: the sentinel. */
  const sentinel = async (contexts: string[], allowedChannelIds: string[] = []) => {
    const flowId = await build.flow({ name: 'Sentinela', executionContexts: contexts, allowedChannelIds });
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/eco' }), await build.node(flowId, 'send_text', { message: 'eco' })]);
  };
  const texts = (chatId: number) => bed.emulator.control.sentMessages({ token: registered.token, chatId }).map((m) => m.text);
  return { registered, build, user, sentinel, texts };
}

describe('a flow runs only where and when it should', () => {
  test('a disabled flow stays silent; enabling it takes effect on the next update', async () => {
    const { registered, build, user, sentinel, texts } = await setup();
    await sentinel(['private']);
    const flowId = await build.flow({ name: 'Boas-vindas' });
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/start' }), await build.node(flowId, 'send_text', { message: 'oi' })]);
    const say = (text: string) => bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text });
    const reply = async (text: string) => {
      const since = bed.emulator.control.mark();
      say(text);
      return (await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id, since })).text;
    };

    expect(await reply('/start')).toBe('oi');
    expect((await build.call('PATCH', `/flows/${flowId}/toggle`, { enabled: false })).status).toBe(200);
    say('/start');
    expect(await reply('/eco')).toBe('eco');
    expect(texts(user.id)).toEqual(['oi', 'eco']);

    expect((await build.call('PATCH', `/flows/${flowId}/toggle`, { enabled: true })).status).toBe(200);
    expect(await reply('/start')).toBe('oi');
  });

  test('private-only flows stay silent in groups and channels; channel flows stay silent in private and plain groups', async () => {
    const { registered, build, user, sentinel, texts } = await setup();
    const { chat: group, owner } = await promotedChat(bed, registered, { type: 'group', title: 'Grupo comum' });
    const { chat: channel, owner: channelOwner } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal' });
    await sentinel(['private', 'group', 'supergroup', 'channel'], [String(channel.id)]);
    const privateOnly = await build.flow({ name: 'Privado' });
    await build.chain(privateOnly, [await build.node(privateOnly, 'trigger_command', { command: '/ping' }), await build.node(privateOnly, 'send_text', { message: 'privado' })]);
    const channelOnly = await build.flow({ name: 'Canal', executionContexts: ['channel'], allowedChannelIds: [String(channel.id)] });
    await build.chain(channelOnly, [await build.node(channelOnly, 'trigger_command', { command: '/ping' }), await build.node(channelOnly, 'send_text', { message: 'canal' })]);

    const roundTrip = async (send: (text: string) => void, chatId: number) => {
      send('/ping');
      send('/eco');
      return eventually(`eco in ${chatId}`, () => texts(chatId).includes('eco') && texts(chatId));
    };

    expect(await roundTrip((text) => bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text }), user.id)).toEqual(['privado', 'eco']);
    expect(await roundTrip((text) => bed.emulator.control.sendChatMessage({ from: owner.id, chatId: group.id, text }), group.id)).toEqual(['eco']);
    expect(await roundTrip((text) => bed.emulator.control.sendChatMessage({ from: channelOwner.id, chatId: channel.id, text }), channel.id)).toEqual(['canal', 'eco']);
  });
});
