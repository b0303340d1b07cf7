/**
 * Long polling under a lease, in one instance (docs/decisions.md#scale-out): the stored offset is where a new owner
 * resumes, a batch in flight when its owner stopped is not handled again, a 409 from another poller never stops a
 * bot, and a lease taken away stops the bot here until it comes back. Runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Api } from 'grammy';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { startTestServer } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, waitForPolling, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed({ rateLimits: false }, { pollingLease: { tickMs: 200, leaseMs: 1_000 } });
}, 60_000);
afterAll(() => bed.stop());

/** A registered bot whose flow answers every private text with "eco: <text>", and a user who writes to it. */
async function echoBot(local: TelegramTestbed) {
  const registered = await registeredBot(local);
  const build = flowBuilder(local.server, registered.auth, registered.bot.id);
  const flowId = await build.flow();
  await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
  const user = bed.emulator.control.createUser({ first_name: 'Ana' });
  const say = (text: string) => bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text });
  const echoes = (text: string) => bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).filter((sent) => sent.text === `eco: ${text}`).length;
  return { registered, say, echoes };
}

describe('polling under a lease', () => {
  test('a new owner resumes from the stored offset and skips the batch the previous one had in hand', async () => {
    const first = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url } });
    const local: TelegramTestbed = { emulator: bed.emulator, server: first, stop: () => first.stop() };
    try {
      const { registered, say, echoes } = await echoBot(local);
      say('antes');
      await eventually('the first answer', () => echoes('antes') === 1);
      await first.server.stop();
      await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));
      const lease = await first.db.sql<{ owner: string | null; nextOffset: bigint }[]>`
        select owner, next_offset as "nextOffset" from bot_polling where bot_id = ${registered.bot.id}`;
      // Stopping gave the lease back and recorded how far the updates were handled.
      expect(lease[0]?.owner).toBeNull();
      expect(Number(lease[0]?.nextOffset)).toBeGreaterThan(1);
      say('em andamento');
      say('novo');
      // As if an owner had begun the batch holding "em andamento" and died: it is recorded as in flight.
      await first.db.sql`update bot_polling set handling_through = next_offset where bot_id = ${registered.bot.id}`;
      const second = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url }, database: first.db });
      try {
        await eventually('the answer after the restart', () => echoes('novo') === 1);
        await Bun.sleep(300);
        expect(echoes('em andamento')).toBe(0);
        expect(echoes('antes')).toBe(1);
        expect(second.logs.some((line) => line.includes('não são repetidos'))).toBe(true);
      } finally {
        await second.server.stop();
      }
    } finally {
      await first.server.stop();
      await first.graph?.stop();
      await first.db.close();
    }
  }, 60_000);

  test('a 409 from another poller of the same token is understood: the bot backs off and keeps polling', async () => {
    const { registered, say, echoes } = await echoBot(bed);
    const intruder = new Api(registered.token, { apiRoot: bed.emulator.url });
    // The intruder's long poll ends ours with 409; ours comes back after its pause and ends the intruder's.
    const intrusion = intruder.getUpdates({ timeout: 3 }).catch((error: unknown) => error);
    await eventually('the 409 to be seen', () => bed.server.logs.some((line) => line.includes('(409)') && line.includes(registered.bot.id)));
    await intrusion;
    await waitForPolling(bed, registered.token);
    say('depois');
    await eventually('the answer after the conflict', () => echoes('depois') === 1);
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(true);
  }, 30_000);

  test('a lease taken by another instance stops the bot here; once free again it is claimed back and answers what waited', async () => {
    const { registered, say, echoes } = await echoBot(bed);
    await bed.server.db.sql`
      update bot_polling set owner = gen_random_uuid(), lease_expires_at = now() + interval '1 hour' where bot_id = ${registered.bot.id}`;
    await eventually('the bot to stop here', () => !bed.server.server.bots.isRunning(registered.bot.id), 5_000);
    await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));
    say('esperando');
    await Bun.sleep(500);
    expect(echoes('esperando')).toBe(0);
    // The other instance's lease runs out.
    await bed.server.db.sql`update bot_polling set lease_expires_at = now() - interval '1 second' where bot_id = ${registered.bot.id}`;
    await eventually('the waiting message to be answered', () => echoes('esperando') === 1, 5_000);
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(true);
  }, 30_000);
});
