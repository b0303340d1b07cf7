import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionResponseSchema, executionsResponseSchema, nodeAnalyticsResponseSchema } from '@shared/flows/executions.ts';
import { flowChat } from '../../test-support/flow-chat.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function setup() {
  const { registered, user, build, say, sent } = await flowChat(bed, { first_name: 'Lia' });
  const press = async (messageId: number, buttonText: string) => {
    const pressed = bed.emulator.control.pressButton({ from: user.id, bot: registered.token, messageId, buttonText });
    if (pressed.kind !== 'callback') throw new Error('not a callback button');
    await bed.emulator.control.waitForCallbackAnswer(pressed.callbackQueryId);
  };
  const executions = async (flowId: string) =>
    executionsResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions?limit=200`)).body).data.executions;
  return { registered, user, build, say, sent, press, executions };
}

describe('flow buttons', () => {
  test('a menu that loops back on itself keeps answering: every press walks with its own step budget', async () => {
    const { build, say, sent, press, executions } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/menu' });
    const menu = await build.node(flowId, 'send_buttons', { message: 'Menu {{command.args}}', buttons: [[{ text: 'De novo', type: 'callback', value: 'flow_pending' }]] });
    const again = await build.node(flowId, 'send_text', { message: 'de novo' });
    await build.chain(flowId, [trigger, menu]);
    await build.connect(flowId, menu, again, 'button_0_0');
    await build.connect(flowId, again, menu);
    say('/menu a');
    const [first] = await sent(1);
    const presses = 60; // two steps each: 120 steps in all, past the 100-step guard.
    for (let index = 1; index <= presses; index += 1) {
      await press(first?.messageId ?? 0, 'De novo');
      const list = await sent(1 + index * 2);
      expect(list.slice(-2).map((message) => message.text)).toEqual(['de novo', 'Menu a']);
    }
    await bed.server.server.bots.flush();
    const list = await executions(flowId);
    expect(list).toHaveLength(presses + 1);
    expect(list.every((execution) => execution.status === 'completed')).toBe(true);
    const byPress = list.filter((execution) => execution.triggerNodeId === null);
    expect(byPress).toHaveLength(presses);
    expect(byPress.every((execution) => execution.stepCount === 2)).toBe(true);
  }, 60_000);

  test('a press while a delay waits does not rewrite the waiting walk, which still resumes', async () => {
    const { build, say, sent, press, executions } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/espera' });
    const menu = await build.node(flowId, 'send_buttons', { message: 'Menu', buttons: [[{ text: 'Ir', type: 'callback', value: 'flow_pending' }]] });
    const delay = await build.node(flowId, 'delay', { duration: 1, unit: 'seconds' });
    const later = await build.node(flowId, 'send_text', { message: 'depois' });
    const chosen = await build.node(flowId, 'send_text', { message: 'escolhido' });
    await build.chain(flowId, [trigger, menu, delay, later]);
    await build.connect(flowId, menu, chosen, 'button_0_0');
    say('/espera');
    const [shown] = await sent(1);
    await press(shown?.messageId ?? 0, 'Ir');
    expect((await sent(2)).at(-1)?.text).toBe('escolhido');
    expect((await sent(3)).at(-1)?.text).toBe('depois');
    await bed.server.server.bots.flush();
    const waited = await eventually('the resumed execution', async () => {
      const found = (await executions(flowId)).find((execution) => execution.triggerNodeId === trigger);
      return found?.status === 'completed' ? found : undefined;
    });
    const detail = executionResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions/${waited.id}`)).body).data.execution;
    expect(detail.steps.map((step) => step.subType)).toEqual(['trigger_command', 'send_buttons', 'delay', 'send_text']);
  }, 20_000);

  test('a callback value over 64 bytes (UTF-8) is refused when the node is saved; 64 bytes and long URLs are fine', async () => {
    const { build } = await setup();
    const flowId = await build.flow();
    const menu = await build.node(flowId, 'send_buttons', { message: 'Menu' });
    const save = (value: string, type = 'callback') =>
      build.call('PUT', `/flows/nodes/${menu}`, { config: { message: 'Menu', buttons: [[{ text: 'A', type, value }]] } });
    const refused = await save('ç'.repeat(33)); // 33 characters, 66 bytes
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Valor do botão (callback) pode ter no máximo 64 bytes' });
    expect((await save('ç'.repeat(32))).status).toBe(200);
    expect((await save(`https://exemplo.com/${'a'.repeat(200)}`, 'url')).status).toBe(200);
  });

  test('presses nothing runs for (an unconnected flow button, a value no trigger waits for) are answered and counted on their node', async () => {
    const { build, say, sent, press } = await setup();
    // Created first, so it comes first wherever nodes are scanned: an unconnected button like the menu's, and the
    // menu's plain value under another text. Neither may take the menu's presses.
    const otherFlow = await build.flow({ name: 'Outro' });
    const twin = await build.node(otherFlow, 'send_buttons', {
      message: 'Gêmeo', buttons: [[{ text: 'Depois', type: 'callback', value: 'flow_pending' }], [{ text: 'Nada também', type: 'callback', value: 'sem_fluxo' }]],
    });
    const flowId = await build.flow();
    const buttons = [[{ text: 'Depois', type: 'callback', value: 'flow_pending' }], [{ text: 'Nada', type: 'callback', value: 'sem_fluxo' }]];
    const menu = await build.node(flowId, 'send_buttons', { message: 'Menu', buttons });
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/menu' }), menu]);
    say('/menu');
    const [shown] = await sent(1);
    await press(shown?.messageId ?? 0, 'Depois');
    await press(shown?.messageId ?? 0, 'Depois');
    await press(shown?.messageId ?? 0, 'Nada');
    await bed.server.server.bots.flush();
    const clicks = async (nodeId: string) => nodeAnalyticsResponseSchema.parse((await build.call('GET', `/analytics/nodes/${nodeId}`)).body).data.analytics.buttonClicks;
    expect(await clicks(menu)).toEqual([{ buttonId: 'button_0_0', clicks: 2, percentage: 66.7 }, { buttonId: 'button_1_0', clicks: 1, percentage: 33.3 }]);
    expect(await clicks(twin)).toEqual([]);
  });

  test('a node saved before the 64-byte limit still sends its message; the oversized button shows, unconnected', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    const buttons = [[{ text: 'Longo', type: 'callback', value: 'x' }], [{ text: 'Curto', type: 'callback', value: 'curto' }]];
    const menu = await build.node(flowId, 'send_buttons', { message: 'Menu antigo', buttons });
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/antigo' }), menu]);
    const oversized = 'ç'.repeat(40);
    await bed.server.db.sql`update flow_nodes set config = jsonb_set(config, '{buttons,0,0,value}', to_jsonb(${oversized}::text)) where id = ${menu}`;
    say('/antigo');
    const [shown] = await sent(1);
    expect(shown?.text).toBe('Menu antigo');
    expect(shown?.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Longo', callback_data: `flow_pending_${menu}_0_0` }], [{ text: 'Curto', callback_data: 'curto' }]] });
  });
});
