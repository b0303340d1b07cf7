import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TEST_INPUT_TEXTS, testFlowResponseSchema, type TestFlowResult } from '@shared/flows/executions.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

describe('POST /flows/{id}/test', () => {
  test('no body or {} is a dry run for a sample contact, with bot.username and chat.title filled; a real run needs a contact', async () => {
    const registered = await registeredBot(bed);
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow();
    const message = 'Oi {{contact.firstName}} ({{contact.telegramId}}) de @{{bot.username}} em {{chat.title}}';
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/oi' }), await build.node(flowId, 'send_text', { message })]);
    for (const body of [undefined, {}]) {
      const answer = await build.call('POST', `/flows/${flowId}/test`, body);
      expect(answer.status).toBe(200);
      const result = testFlowResponseSchema.parse(answer.body).data.result;
      expect(result).toMatchObject({ dryRun: true, executionId: null, status: 'completed' });
      expect(result.steps.map((step) => [step.subType, step.outcome, step.detail])).toEqual([
        ['trigger_command', 'ok', null],
        ['send_text', 'dry_run', `Oi Maria (123456789) de @${registered.username} em Maria Silva`],
      ]);
    }
    const realWithoutContact = await build.call('POST', `/flows/${flowId}/test`, { dryRun: false });
    expect(realWithoutContact.status).toBe(400);
    expect(realWithoutContact.body).toMatchObject({ success: false, message: 'Informe o contato do teste' });
    // An id no Telegram account can have (the bad-input corpus found it answered 500: a bigint overflow).
    for (const telegramId of ['9'.repeat(60), '99999999999999999', 2 ** 60]) {
      const impossible = await build.call('POST', `/flows/${flowId}/test`, { telegramId, dryRun: false });
      expect(impossible.status).toBe(400);
      expect(impossible.body).toMatchObject({ success: false, message: 'Informe o contato do teste' });
    }
    expect(bed.emulator.control.apiCalls({ method: 'sendMessage' })).toEqual([]);
  });

  test('a dry run for a real contact shows the bot username and the contact name as chat title', async () => {
    const registered = await registeredBot(bed);
    const user = bed.emulator.control.createUser({ first_name: 'Ana', last_name: 'Reis' });
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow();
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/oi' }), await build.node(flowId, 'send_text', { message: '{{bot.username}}|{{chat.title}}' })]);
    // The contact exists once it wrote to the bot.
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'olá' });
    const result = await eventually('the contact', async () => {
      const answer = await build.call('POST', `/flows/${flowId}/test`, { telegramId: user.id, dryRun: true });
      return answer.status === 200 ? testFlowResponseSchema.parse(answer.body).data.result : undefined;
    });
    expect(result.steps.at(-1)?.detail).toBe(`${registered.username}|Ana Reis`);
  });

  describe('with the chat input of the editor', () => {
    const run = async (build: ReturnType<typeof flowBuilder>, flowId: string, body: Record<string, unknown>) => {
      const answer = await build.call('POST', `/flows/${flowId}/test`, body);
      expect(answer.status).toBe(200);
      return testFlowResponseSchema.parse(answer.body).data.result;
    };
    const path = (result: TestFlowResult) => result.steps.map((step) => [step.nodeId, step.detail]);

    test('a text runs only the triggers it matches, as the engine matches them, with message.text and command.args from it', async () => {
      const registered = await registeredBot(bed);
      const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
      const flowId = await build.flow();
      const command = await build.node(flowId, 'trigger_command', { command: '/promo' });
      const commandReply = await build.node(flowId, 'send_text', { message: 'args=[{{command.args}}] texto=[{{message.text}}]' });
      const price = await build.node(flowId, 'trigger_message', { pattern: 'preço' });
      const priceReply = await build.node(flowId, 'send_text', { message: 'Você perguntou: {{message.text}} [{{command.args}}]' });
      await build.chain(flowId, [command, commandReply]);
      await build.chain(flowId, [price, priceReply]);

      expect(path(await run(build, flowId, { text: '/promo  natal 10 ' }))).toEqual([[command, null], [commandReply, 'args=[natal 10] texto=[/promo  natal 10 ]']]);
      // Accents and case do not matter to a message trigger; a command needs its own name.
      expect(path(await run(build, flowId, { text: 'Qual o PRECO?' }))).toEqual([[price, null], [priceReply, 'Você perguntou: Qual o PRECO? []']]);
      expect(path(await run(build, flowId, { text: `/PROMO@${registered.username} x` }))).toEqual([[command, null], [commandReply, `args=[x] texto=[/PROMO@${registered.username} x]`]]);
      // Addressed to another bot, or a command that merely starts the same, or plain text: nothing runs.
      for (const text of ['/promo@outro_bot x', '/promocao', 'oi']) expect((await run(build, flowId, { text })).steps).toEqual([]);
      // Both triggers at once: the text fires each, in the flow's order, as two runs.
      const both = await run(build, flowId, { text: '/promo com preço' });
      expect(both.steps.map((step) => step.nodeId).sort()).toEqual([command, commandReply, price, priceReply].sort());
      // Without any input every trigger runs, as before.
      expect((await run(build, flowId, {})).steps).toHaveLength(4);
      expect(bed.emulator.control.apiCalls({ token: registered.token, method: 'sendMessage' })).toEqual([]);
    });

    test('a flow button continues at its node carrying the chat\'s text; a callback value fires trigger_button_clicked; anything else nothing', async () => {
      const registered = await registeredBot(bed);
      const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
      const flowId = await build.flow();
      const start = await build.node(flowId, 'trigger_command', { command: '/start' });
      const menu = await build.node(flowId, 'send_buttons', {
        message: 'Menu', buttons: [[{ text: 'Detalhes', type: 'callback', value: 'flow_pending' }], [{ text: 'Promo', type: 'callback', value: 'promo' }]],
      });
      const details = await build.node(flowId, 'send_text', { message: 'Detalhes para {{contact.firstName}}: {{command.args}} / {{message.text}}' });
      await build.chain(flowId, [start, menu]);
      await build.connect(flowId, menu, details, 'button_0_0');
      const pressed = await build.node(flowId, 'trigger_button_clicked', { buttonData: 'promo' });
      const promo = await build.node(flowId, 'send_text', { message: 'Promo [{{message.text}}]' });
      await build.chain(flowId, [pressed, promo]);

      const menuRun = await run(build, flowId, { text: '/start abc' });
      expect(menuRun.steps.map((step) => step.nodeId)).toEqual([start, menu]);
      expect(path(await run(build, flowId, { buttonData: `flow_${details}`, text: '/start abc' }))).toEqual([[details, 'Detalhes para Maria: abc / /start abc']]);
      expect(path(await run(build, flowId, { buttonData: `flow_${details}` }))).toEqual([[details, 'Detalhes para Maria:  / ']]);
      // A callback press carries no text (the engine's trigger_button_clicked sees an empty message.text).
      expect(path(await run(build, flowId, { buttonData: 'promo', text: '/start abc' }))).toEqual([[pressed, null], [promo, 'Promo []']]);
      for (const buttonData of ['flow_pending', `flow_${crypto.randomUUID()}`, 'outro']) expect((await run(build, flowId, { buttonData })).steps).toEqual([]);
    });

    test('a real run with a text sends only what the matching trigger answers', async () => {
      const registered = await registeredBot(bed);
      const user = bed.emulator.control.createUser({ first_name: 'Bia' });
      const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
      const flowId = await build.flow();
      await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/oi' }), await build.node(flowId, 'send_text', { message: 'Oi {{contact.firstName}}: {{command.args}}' })]);
      await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: 'tchau' }), await build.node(flowId, 'send_text', { message: 'Tchau!' })]);
      bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'olá' });
      const result = await eventually('the contact', async () => {
        const answer = await build.call('POST', `/flows/${flowId}/test`, { telegramId: user.id, dryRun: false, text: '/oi tudo bem?' });
        return answer.status === 200 ? testFlowResponseSchema.parse(answer.body).data.result : undefined;
      });
      expect(result.executionId).not.toBeNull();
      const sent = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
      expect(sent.text).toBe('Oi Bia: tudo bem?');
      expect(bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((message) => message.text)).toEqual(['Oi Bia: tudo bem?']);
    });

    test('refuses a blank or oversized text and a button value Telegram could not carry, in pt-BR', async () => {
      const registered = await registeredBot(bed);
      const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
      const flowId = await build.flow();
      const cases: [Record<string, unknown>, string][] = [
        [{ text: '' }, TEST_INPUT_TEXTS.text],
        [{ text: '   ' }, TEST_INPUT_TEXTS.text],
        [{ text: 'x'.repeat(4097) }, TEST_INPUT_TEXTS.text],
        [{ text: 42 }, TEST_INPUT_TEXTS.text],
        [{ text: 'a\u0000b' }, 'Texto contém caracteres inválidos'],
        [{ buttonData: '' }, TEST_INPUT_TEXTS.buttonData],
        [{ buttonData: 'ç'.repeat(33) }, TEST_INPUT_TEXTS.buttonData],
        [{ buttonData: ['promo'] }, TEST_INPUT_TEXTS.buttonData],
      ];
      for (const [body, message] of cases) {
        const answer = await build.call('POST', `/flows/${flowId}/test`, body);
        expect({ body, status: answer.status, answer: answer.body }).toMatchObject({ body, status: 400, answer: { success: false, code: 'VALIDATION_FAILED', message } });
      }
      expect((await build.call('POST', `/flows/${flowId}/test`, { text: 'x'.repeat(4096), buttonData: 'b'.repeat(64) })).status).toBe(200);
    });
  });
});
