import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionResponseSchema, executionsResponseSchema, flowAnalyticsResponseSchema, nodeAnalyticsResponseSchema, testFlowResponseSchema } from '@shared/flows/executions.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { flowChat } from '../../test-support/flow-chat.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const setup = () => flowChat(bed, { first_name: 'José', last_name: 'Ávila', username: 'jose_a' });

describe('triggers and sending nodes', () => {
  test('trigger_command with @username and args, variables substituted and HTML-escaped', async () => {
    const { registered, build, say, sent } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/start' });
    const text = await build.node(flowId, 'send_text', { message: '<b>Oi</b> {{contact.firstName}} {{command.args}} {{bot.username}} {{now.date}}', parseMode: 'HTML' });
    const plain = await build.node(flowId, 'send_text', { message: 'id {{contact.telegramId}} <x>' }, 1);
    await build.chain(flowId, [trigger, text]);
    await build.connect(flowId, trigger, plain);
    say(`/start@${registered.username} <abc>`);
    const [first, second] = await sent(2);
    expect(first?.text).toMatch(new RegExp(`^Oi José <abc> ${registered.username} \\d{2}/\\d{2}/\\d{4}$`));
    expect(first?.parse_mode).toBe('HTML');
    expect(second?.text).toMatch(/^id \d+ <x>$/);
  });

  test('trigger_message is case- and accent-insensitive; * matches anything; no match sends nothing', async () => {
    const { build, say, sent, registered, user } = await setup();
    const flowId = await build.flow();
    await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: 'promoção' }), await build.node(flowId, 'send_text', { message: 'promo: {{message.text}}' })]);
    const anyId = await build.flow({ name: 'Qualquer' });
    await build.chain(anyId, [await build.node(anyId, 'trigger_message', { pattern: '*' }), await build.node(anyId, 'send_text', { message: 'recebi' })]);
    say('Quero a PROMOCAO hoje');
    const list = await sent(2);
    expect(list.map((m) => m.text).sort()).toEqual(['promo: Quero a PROMOCAO hoje', 'recebi']);
    say('outra coisa');
    await sent(3);
    await Bun.sleep(100);
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((m) => m.text)).toEqual([...list.map((m) => m.text), 'recebi']);
  });

  test('send_media sends photo, video, audio (title, performer, duration) and document by URL', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/midia' });
    const photo = await build.node(flowId, 'send_media', { mediaType: 'photo', url: 'https://exemplo.com/a.jpg', caption: 'Foto de {{contact.firstName}}' });
    const video = await build.node(flowId, 'send_media', { mediaType: 'video', url: 'https://exemplo.com/a.mp4' });
    const audio = await build.node(flowId, 'send_media', { mediaType: 'audio', url: 'https://exemplo.com/a.mp3', title: 'Hino', performer: 'Banda', duration: 61 });
    const doc = await build.node(flowId, 'send_media', { mediaType: 'document', url: 'https://exemplo.com/a.pdf' });
    await build.chain(flowId, [trigger, photo, video, audio, doc]);
    say('/midia');
    const list = await sent(4);
    expect(list.map((m) => m.method)).toEqual(['sendPhoto', 'sendVideo', 'sendAudio', 'sendDocument']);
    expect(list[0]?.caption).toBe('Foto de José');
    const audioCall = bed.emulator.control.apiCalls({ method: 'sendAudio' }).at(-1);
    expect(JSON.stringify(audioCall)).toContain('Hino');
    expect(JSON.stringify(audioCall)).toContain('Banda');
  });
});

describe('handles and buttons', () => {
  test('if_else follows true/false; random 1 and 0 follow true and false', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/se' });
    const cond = await build.node(flowId, 'if_else', { variable: 'command.args', operator: 'greaterThan', value: '10' });
    const yes = await build.node(flowId, 'send_text', { message: 'maior' });
    const no = await build.node(flowId, 'send_text', { message: 'menor' });
    const always = await build.node(flowId, 'random', { probability: 1 });
    const never = await build.node(flowId, 'random', { probability: 0 });
    const heads = await build.node(flowId, 'send_text', { message: 'cara' });
    const tails = await build.node(flowId, 'send_text', { message: 'coroa' });
    await build.connect(flowId, trigger, cond);
    await build.connect(flowId, cond, yes, 'true');
    await build.connect(flowId, cond, no, 'false');
    await build.connect(flowId, yes, always);
    await build.connect(flowId, always, never, 'true');
    await build.connect(flowId, never, heads, 'true');
    await build.connect(flowId, never, tails, 'false');
    say('/se 42');
    expect((await sent(2)).map((m) => m.text)).toEqual(['maior', 'coroa']);
    say('/se 3');
    expect((await sent(3)).at(-1)?.text).toBe('menor');
  });

  test('a flow_ button continues at its node; other values fire trigger_button_clicked; presses answered and counted', async () => {
    const { build, say, sent, user, registered } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/menu' });
    const menu = await build.node(flowId, 'send_buttons', {
      message: 'Escolha', buttons: [[{ text: 'Seguir', type: 'callback', value: 'flow_pending' }], [{ text: 'Outro', type: 'callback', value: 'quero_mais' }]],
    });
    const next = await build.node(flowId, 'send_text', { message: 'seguiu {{command.args}}' });
    await build.connect(flowId, trigger, menu);
    await build.connect(flowId, menu, next, 'button_0_0');
    const other = await build.flow({ name: 'Clique' });
    await build.chain(other, [await build.node(other, 'trigger_button_clicked', { buttonData: 'quero_mais' }), await build.node(other, 'send_text', { message: 'mais!' })]);
    say('/menu x1');
    const [shown] = await sent(1);
    expect(JSON.stringify(shown?.reply_markup)).toContain(`flow_${next}`);
    const press = bed.emulator.control.pressButton({ from: user.id, bot: registered.token, messageId: shown?.messageId ?? 0, buttonText: 'Seguir' });
    expect(press.kind).toBe('callback');
    if (press.kind === 'callback') await bed.emulator.control.waitForCallbackAnswer(press.callbackQueryId);
    expect((await sent(2)).at(-1)?.text).toBe('seguiu x1');
    bed.emulator.control.pressButton({ from: user.id, bot: registered.token, messageId: shown?.messageId ?? 0, buttonText: 'Seguir' });
    bed.emulator.control.pressButton({ from: user.id, bot: registered.token, messageId: shown?.messageId ?? 0, buttonText: 'Outro' });
    expect((await sent(4)).map((m) => m.text).slice(2).sort()).toEqual(['mais!', 'seguiu x1']);
    const answer = await build.call('GET', `/analytics/nodes/${menu}`);
    expect(nodeAnalyticsResponseSchema.parse(answer.body).data.analytics).toEqual({
      nodeId: menu, totalVisits: 1,
      buttonClicks: [{ buttonId: 'button_0_0', clicks: 2, percentage: 66.7 }, { buttonId: 'button_1_0', clicks: 1, percentage: 33.3 }],
    });
    const flowStats = flowAnalyticsResponseSchema.parse((await build.call('GET', `/analytics/flows/${flowId}`)).body).data.analytics;
    // The /menu run; each 'Seguir' press walks as its own execution but is not another run.
    expect(flowStats.executionCount).toBe(1);
    expect(flowStats.totalVisits).toBe(4);
    expect(flowStats.nodes.find((node) => node.nodeId === menu)).toEqual({
      nodeId: menu, visits: 1,
      buttonClicks: [{ buttonId: 'button_0_0', clicks: 2, percentage: 66.7 }, { buttonId: 'button_1_0', clicks: 1, percentage: 33.3 }],
    });
    expect((await build.call('POST', `/analytics/nodes/${menu}/reset`)).status).toBe(200);
    expect(nodeAnalyticsResponseSchema.parse((await build.call('GET', `/analytics/nodes/${menu}`)).body).data.analytics.buttonClicks).toEqual([]);
    expect((await build.call('POST', `/analytics/flows/${flowId}/reset`)).status).toBe(200);
    expect(flowAnalyticsResponseSchema.parse((await build.call('GET', `/analytics/flows/${flowId}`)).body).data.analytics.executionCount).toBe(0);
  });

  test('loop guard stops an execution after 100 steps; executions list and detail', async () => {
    const { build, say } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/loop' });
    const a = await build.node(flowId, 'random', { probability: 1 });
    const b = await build.node(flowId, 'random', { probability: 1 });
    await build.connect(flowId, trigger, a);
    await build.connect(flowId, a, b, 'true');
    await build.connect(flowId, b, a, 'true');
    say('/loop');
    const executions = await eventually('the execution', async () => {
      const list = executionsResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions`)).body).data.executions;
      return list[0]?.status === 'stopped' ? list : undefined;
    });
    expect(executions[0]?.stepCount).toBe(100);
    const detail = executionResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions/${executions[0]?.id}`)).body).data.execution;
    expect(detail.steps).toHaveLength(100);
    expect(detail.error).toBe('Limite de 100 passos atingido');
  });
});

describe('contexts, isolation and test runs', () => {
  test('execution contexts and allowed channels decide where a flow runs', async () => {
    const { registered, build } = await setup();
    const { chat: group, owner } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo' });
    const { chat: channel, owner: channelOwner } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal' });
    const { chat: otherChannel, owner: otherOwner } = await promotedChat(bed, registered, { type: 'channel', title: 'Outro' });
    const privateOnly = await build.flow({ name: 'Privado' });
    await build.chain(privateOnly, [await build.node(privateOnly, 'trigger_command', { command: '/ping' }), await build.node(privateOnly, 'send_text', { message: 'privado' })]);
    const channels = await build.flow({ name: 'Canal', executionContexts: ['channel', 'supergroup'], allowedChannelIds: [String(channel.id)] });
    await build.chain(channels, [await build.node(channels, 'trigger_message', { pattern: 'ping' }), await build.node(channels, 'send_text', { message: 'em {{chat.title}}' })]);
    bed.emulator.control.sendChatMessage({ from: otherOwner.id, chatId: otherChannel.id, text: 'ping' });
    bed.emulator.control.sendChatMessage({ from: owner.id, chatId: group.id, text: '/ping' });
    const inGroup = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: group.id });
    expect(inGroup.text).toBe('em Grupo');
    bed.emulator.control.sendChatMessage({ from: channelOwner.id, chatId: channel.id, text: 'ping' });
    const inChannel = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: channel.id });
    expect(inChannel.text).toBe('em Canal');
    expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: otherChannel.id })).toEqual([]);
  });

  test('other users get 404 on executions, analytics and test runs; dry run reports steps without sending', async () => {
    const { build, registered, user, say, sent } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/oi' });
    const text = await build.node(flowId, 'send_text', { message: 'Oi {{contact.firstName}}' });
    await build.chain(flowId, [trigger, text]);
    say('/oi');
    await sent(1);
    await bed.server.server.bots.flush();
    const dry = await build.call('POST', `/flows/${flowId}/test`, { telegramId: user.id, dryRun: true });
    const result = testFlowResponseSchema.parse(dry.body).data.result;
    expect(result.steps.map((step) => [step.subType, step.outcome, step.detail])).toEqual([['trigger_command', 'ok', null], ['send_text', 'dry_run', 'Oi José']]);
    const real = testFlowResponseSchema.parse((await build.call('POST', `/flows/${flowId}/test`, { telegramId: String(user.id) })).body).data.result;
    expect(real.executionId).not.toBeNull();
    expect((await sent(2)).at(-1)?.text).toBe('Oi José');
    const stranger = await registeredBot(bed);
    const other = flowBuilder(bed.server, stranger.auth, stranger.bot.id);
    for (const path of [`/flows/${flowId}/executions`, `/analytics/flows/${flowId}`, `/analytics/nodes/${text}`, `/flows/${flowId}/executions/${real.executionId}`]) {
      expect((await other.call('GET', path)).status).toBe(404);
    }
    expect((await other.call('POST', `/flows/${flowId}/test`, { telegramId: user.id, dryRun: true })).status).toBe(404);
    expect((await other.call('POST', `/analytics/flows/${flowId}/reset`)).status).toBe(404);
    expect(registered.bot.id).not.toBe(stranger.bot.id);
  });
});
