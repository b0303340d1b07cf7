/** Details of what the engine sends and records: Markdown parse mode, audio metadata, the executions list limit. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionsResponseSchema, flowAnalyticsResponseSchema } from '@shared/flows/executions.ts';
import { flowChat } from '../../test-support/flow-chat.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const setup = () => flowChat(bed, { first_name: 'Ana <b>' });

describe('sending details', () => {
  test('Markdown text goes with parse_mode Markdown and variables unescaped; audio carries title, performer and duration', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    const trigger = await build.node(flowId, 'trigger_command', { command: '/md' });
    const text = await build.node(flowId, 'send_text', { message: '*Oi* {{contact.firstName}}', parseMode: 'Markdown' });
    const audio = await build.node(flowId, 'send_media', { mediaType: 'audio', url: 'https://exemplo.com/hino.mp3', title: 'Hino', performer: 'Banda', duration: 61 });
    await build.chain(flowId, [trigger, text, audio]);
    say('/md');
    const [message] = await sent(2);
    expect(message).toMatchObject({ method: 'sendMessage', text: '*Oi* Ana <b>', parse_mode: 'Markdown' });
    const call = bed.emulator.control.apiCalls({ method: 'sendAudio' }).at(-1) as { params?: Record<string, unknown> } | undefined;
    expect(call?.params).toMatchObject({ title: 'Hino', performer: 'Banda' });
    expect(Number(call?.params?.duration)).toBe(61);
  });

  test('the executions list answers the newest first, 50 by default, `limit` of 1–200, pt-BR 400 otherwise', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    await build.chain(flowId, [await build.node(flowId, 'trigger_command', { command: '/oi' }), await build.node(flowId, 'send_text', { message: 'oi' })]);
    for (let run = 1; run <= 3; run += 1) {
      say('/oi');
      await sent(run);
    }
    const list = (query = '') => build.call('GET', `/flows/${flowId}/executions${query}`);
    const all = await eventually('three executions', async () => {
      const executions = executionsResponseSchema.parse((await list()).body).data.executions;
      return executions.length === 3 && executions.every((execution) => execution.status === 'completed') ? executions : undefined;
    });
    const startedAt = all.map((execution) => execution.startedAt);
    expect(startedAt).toEqual([...startedAt].sort().reverse());
    const two = executionsResponseSchema.parse((await list('?limit=2')).body).data.executions;
    expect(two.map((execution) => execution.id)).toEqual(all.slice(0, 2).map((execution) => execution.id));
    for (const bad of ['?limit=0', '?limit=201', '?limit=abc', '?limit=2.5']) {
      const answer = await list(bad);
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toBe('O limite deve ser um número inteiro de 1 a 200');
    }
  });

  test('after Zerar estatísticas a run waiting on a delay stays (to resume) but no longer counts', async () => {
    const { build, say, sent } = await setup();
    const flowId = await build.flow();
    await build.chain(flowId, [
      await build.node(flowId, 'trigger_command', { command: '/espera' }),
      await build.node(flowId, 'send_text', { message: 'já volto' }),
      await build.node(flowId, 'delay', { duration: 1, unit: 'hours' }),
      await build.node(flowId, 'send_text', { message: 'voltei' }),
    ]);
    say('/espera');
    await sent(1);
    const stats = async () => flowAnalyticsResponseSchema.parse((await build.call('GET', `/analytics/flows/${flowId}`)).body).data.analytics;
    await eventually('the waiting run', async () => (await stats()).executionCount === 1);
    expect((await build.call('POST', `/analytics/flows/${flowId}/reset`)).status).toBe(200);
    expect((await stats()).executionCount).toBe(0);
    const executions = executionsResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions`)).body).data.executions;
    expect(executions.map((execution) => execution.status)).toEqual(['waiting']);
    say('/espera');
    await sent(2);
    await eventually('the new run counted', async () => (await stats()).executionCount === 1);
  });
});
