import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionsResponseSchema, type Execution } from '@shared/flows/executions.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { DELAY_ENDED } from './delay-resume.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

/** A flow /espera → 'antes' → delay → 'depois', run once; answers when the delay is stored. */
async function waitingFlow(seconds: number) {
  const registered = await registeredBot(bed);
  const user = bed.emulator.control.createUser({ first_name: 'Bia' });
  const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
  const flowId = await build.flow();
  const trigger = await build.node(flowId, 'trigger_command', { command: '/espera' });
  const before = await build.node(flowId, 'send_text', { message: 'antes' });
  const delay = await build.node(flowId, 'delay', { duration: seconds, unit: 'seconds' });
  const after = await build.node(flowId, 'send_text', { message: 'depois' });
  await build.chain(flowId, [trigger, before, delay, after]);
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/espera' });
  expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id })).text).toBe('antes');
  const latest = async () => executionsResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions`)).body).data.executions[0];
  await eventually('the waiting execution', async () => (await latest())?.status === 'waiting');
  const sentTexts = () => bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((m) => m.text);
  const ended = (status: Execution['status']) => eventually(`a ${status} execution`, async () => {
    const execution = await latest();
    return execution?.status === status ? execution : undefined;
  });
  return { build, flowId, delay, latest, ended, sentTexts };
}

describe('durable delay loose ends', () => {
  test('a flow disabled while its delay waits ends the execution as stopped, with the reason, and sends nothing more', async () => {
    const { build, flowId, ended, sentTexts } = await waitingFlow(1);
    expect((await build.call('PATCH', `/flows/${flowId}/toggle`, { enabled: false })).status).toBe(200);
    const execution = await ended('stopped');
    expect(execution.error).toBe(DELAY_ENDED.flowDisabled);
    expect(execution.finishedAt).not.toBeNull();
    expect(sentTexts()).toEqual(['antes']);
  });

  test('a delay node removed while it waits ends the execution as stopped, with the reason', async () => {
    const { build, delay, ended, sentTexts } = await waitingFlow(1);
    expect((await build.call('DELETE', `/flows/nodes/${delay}`)).status).toBe(200);
    const execution = await ended('stopped');
    expect(execution.error).toBe(DELAY_ENDED.nodeRemoved);
    expect(sentTexts()).toEqual(['antes']);
  });

  test('a delay claimed by a process that died is claimed again once its lease has run out', async () => {
    const { ended, sentTexts, latest } = await waitingFlow(3600);
    const executionId = (await latest())?.id ?? '';
    // What a crashed process leaves behind: the flow.resume job marked running, its lease in the past. (The execution
    // shows "waiting" just before its job is written: the history is flushed first, so the job may be a moment away.)
    const claimed = await eventually('the delay job to be claimed as if by a dead process', async () => {
      const rows = await bed.server.db.sql`
        update jobs set status = 'running', attempts = 1, lease_token = gen_random_uuid(), lease_expires_at = now() - interval '1 second'
        where kind = 'flow.resume' and payload->>'executionId' = ${executionId} and status = 'queued' returning id`;
      return rows.length > 0 ? rows : undefined;
    });
    expect(claimed).toHaveLength(1);
    await ended('completed');
    expect(sentTexts()).toEqual(['antes', 'depois']);
  });
});
