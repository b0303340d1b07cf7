import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { testFlowResponseSchema } from '@shared/flows/executions.ts';
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
});
