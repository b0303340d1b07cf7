/**
 * Long polling under a lease, in one instance (docs/decisions.md#scale-out): the stored offset is where a new owner
 * resumes, updates with a stored receipt are not handled again and those without one are (none lost, also once
 * Telegram was told to forget them), a 409 from another poller never stops a bot, and a lease taken away stops the
 * bot here until it comes back. Runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Api } from 'grammy';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { startTestServer } from '../../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, waitForPolling, type TelegramTestbed } from '../../../test-support/telegram.ts';

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
  test('a new owner resumes from the stored offset: updates with a receipt are skipped, the ones without are redone', async () => {
    const first = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url } });
    const local: TelegramTestbed = { emulator: bed.emulator, server: first, stop: () => first.stop() };
    try {
      const { registered, say, echoes } = await echoBot(local);
      say('antes');
      await eventually('the first answer', () => echoes('antes') === 1);
      await first.server.stop();
      await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));
      const lease = await first.db.sql<{ owner: string | null; nextOffset: bigint; doneIds: bigint[] }[]>`
        select owner, next_offset as "nextOffset", done_ids as "doneIds" from bot_polling where bot_id = ${registered.bot.id}`;
      // Stopping gave the lease back and stored the offset past everything handled; no receipt is left above it.
      expect(lease[0]?.owner).toBeNull();
      expect(Number(lease[0]?.nextOffset)).toBeGreaterThan(1);
      expect(lease[0]?.doneIds).toEqual([]);
      say('recebido');
      say('sem recibo');
      say('novo');
      const waiting = bed.emulator.control.pendingUpdates(registered.token);
      const idOf = (text: string) => waiting.find((update) => 'message' in update && update.message.text === text)?.update_id ?? -1;
      expect(idOf('recebido')).toBeGreaterThanOrEqual(Number(lease[0]?.nextOffset));
      // As if an owner had handled "recebido" (its receipt stored with its work) and died before "sem recibo"'s.
      await first.db.sql`update bot_polling set done_ids = ${[idOf('recebido')]}::bigint[] where bot_id = ${registered.bot.id}`;
      const second = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url }, database: first.db });
      try {
        await eventually('the answers after the restart', () => echoes('novo') === 1 && echoes('sem recibo') === 1);
        await Bun.sleep(300);
        expect(echoes('recebido')).toBe(0);
        expect(echoes('antes')).toBe(1);
        expect(second.logs.some((line) => line.includes('os com recibo não são repetidos'))).toBe(true);
        // The receipts of the redone updates were stored with their messages: the inbox has each incoming text once.
        const stored = await first.db.sql<{ text: string; n: number }[]>`
          select text, count(*)::int as n from messages where bot_id = ${registered.bot.id} and direction = 'in' group by text`;
        expect(Object.fromEntries(stored.map((row) => [row.text, row.n]))).toEqual({ antes: 1, 'sem recibo': 1, novo: 1 });
        const after = await first.db.sql<{ nextOffset: bigint; doneIds: bigint[] }[]>`
          select next_offset as "nextOffset", done_ids as "doneIds" from bot_polling where bot_id = ${registered.bot.id}`;
        expect(after[0]?.doneIds.map(Number).every((id) => id >= Number(after[0]?.nextOffset))).toBe(true);
      } finally {
        await second.server.stop();
      }
      const stopped = await first.db.sql<{ nextOffset: bigint; doneIds: bigint[] }[]>`
        select next_offset as "nextOffset", done_ids as "doneIds" from bot_polling where bot_id = ${registered.bot.id}`;
      expect(Number(stopped[0]?.nextOffset)).toBe(idOf('novo') + 1);
      expect(stopped[0]?.doneIds).toEqual([]);
    } finally {
      await first.server.stop();
      await first.graph?.stop();
      await first.db.close();
    }
  }, 60_000);

  test('a batch Telegram was told to forget, whose receipts never reached the database, is redone by the next owner and stored once', async () => {
    const first = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url } });
    const local: TelegramTestbed = { emulator: bed.emulator, server: first, stop: () => first.stop() };
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const { registered, say, echoes } = await echoBot(local);
      say('antes');
      await eventually('the first answer', () => echoes('antes') === 1);
      await eventually('its receipt', async () => (await first.db.sql`select 1 from polled_batches where bot_id = ${registered.bot.id}`).length === 0);
      // From now on the journal's flushes fail (a batch's last receipt deletes it): as if the instance were killed
      // between the next getUpdates, which confirms the batch to Telegram, and the flush of its receipts.
      await first.db.sql`create function receipts_refused() returns trigger language plpgsql as $$ begin raise exception 'recusado'; end $$`;
      await first.db.sql`create trigger receipts_refused before delete on polled_batches for each row execute function receipts_refused()`;
      say('sem recibo');
      await eventually('the answer', () => echoes('sem recibo') === 1);
      await eventually('Telegram to forget the update', () => bed.emulator.control.pendingUpdates(registered.token).length === 0);
      await first.server.stop();
      const waiting = await first.db.sql<{ pending: bigint[] }[]>`select pending from polled_batches where bot_id = ${registered.bot.id}`;
      expect(waiting.map((row) => row.pending.length)).toEqual([1]);
      const inbox = async () => Object.fromEntries((await first.db.sql<{ text: string; n: number }[]>`
        select text, count(*)::int as n from messages where bot_id = ${registered.bot.id} and direction = 'in' group by text`).map((row) => [row.text, row.n]));
      expect(await inbox()).toEqual({ antes: 1 });
      await first.db.sql`drop trigger receipts_refused on polled_batches`;
      await first.db.sql`drop function receipts_refused()`;
      second = await startTestServer({ env: { TELEGRAM_API_ROOT: bed.emulator.url }, database: first.db });
      await eventually('the redone answer', () => echoes('sem recibo') === 2);
      say('novo');
      await eventually('the next answer', () => echoes('novo') === 1);
      await eventually('the receipts', async () => (await first.db.sql`select 1 from polled_batches where bot_id = ${registered.bot.id}`).length === 0);
      expect(await inbox()).toEqual({ antes: 1, 'sem recibo': 1, novo: 1 });
      expect(second.logs.some((line) => line.includes('retomando updates da instância anterior sem recibo'))).toBe(true);
      expect(echoes('antes')).toBe(1);
    } finally {
      await second?.server.stop();
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
