import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { executionsResponseSchema, executionResponseSchema } from '@shared/flows/executions.ts';
import { uploadResponseSchema } from '@shared/media/schemas.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { PNG_1X1, uploadFile } from '../../test-support/media-upload.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function photoFlow(registered: Awaited<ReturnType<typeof registeredBot>>, url: string) {
  const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
  const flowId = await build.flow();
  await build.chain(flowId, [
    await build.node(flowId, 'trigger_command', { command: '/foto' }),
    await build.node(flowId, 'send_media', { mediaType: 'photo', source: 'upload', url, fileName: 'pixel.png', caption: 'Para {{contact.firstName}}' }),
  ]);
  return { build, flowId };
}

describe('send_media with an uploaded file', () => {
  test('uploads the stored photo to Telegram, then reuses the file_id Telegram answered', async () => {
    const registered = await registeredBot(bed);
    const uploaded = uploadResponseSchema.parse((await uploadFile(bed.server, registered.auth.token, PNG_1X1, 'pixel.png', 'image/png')).body).data;
    await photoFlow(registered, uploaded.url);
    const user = bed.emulator.control.createUser({ first_name: 'Lia' });
    const say = () => bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: '/foto' });

    say();
    const first = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
    expect(first.method).toBe('sendPhoto');
    expect(first.caption).toBe('Para Lia');
    expect(first.media?.[0]?.url).toBeUndefined();
    expect(first.message?.photo?.at(-1)?.file_size).toBe(PNG_1X1.length);

    say();
    const second = await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: user.id });
    expect(second.media?.[0]?.fileId).toBe(first.media?.[0]?.fileId ?? 'missing');
    // The call log is written just after the message: wait for it rather than race it.
    const calls = await eventually('the second sendPhoto call', () => {
      const list = bed.emulator.control.apiCalls({ token: registered.token, method: 'sendPhoto' });
      return list.length === 2 ? list : undefined;
    });
    expect(String(calls[0]?.params.photo)).toStartWith('attach://');
    expect(calls[1]?.params.photo).toBe(first.message?.photo?.at(-1)?.file_id ?? 'missing');
  });

  test("another user's file is not found: the step is skipped and nothing is sent", async () => {
    const owner = await registeredBot(bed);
    const uploaded = uploadResponseSchema.parse((await uploadFile(bed.server, owner.auth.token, PNG_1X1, 'pixel.png')).body).data;
    const thief = await registeredBot(bed);
    const { build, flowId } = await photoFlow(thief, uploaded.url);
    const user = bed.emulator.control.createUser({ first_name: 'Rui' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: thief.token, text: '/foto' });
    const [execution] = await eventually('the execution', async () => {
      const list = executionsResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions`)).body).data.executions;
      return list.length > 0 ? list : undefined;
    });
    const detail = executionResponseSchema.parse((await build.call('GET', `/flows/${flowId}/executions/${execution?.id}`)).body).data.execution;
    expect(detail.steps.map((step) => [step.subType, step.outcome, step.detail])).toEqual([
      ['trigger_command', 'ok', null],
      ['send_media', 'skipped', 'Arquivo enviado não encontrado'],
    ]);
    expect(bed.emulator.control.sentMessages({ token: thief.token, chatId: user.id })).toEqual([]);
  });
});
