/**
 * A broadcast to the contacts carrying a label (docs/product.md#rules-broadcasts): the count shown before the send
 * and the send itself follow the same rule, reaching through the Telegram emulator exactly the labelled contacts of
 * the broadcast's bot, once each. Another workspace's label is a 404; a LABEL audience without a label is refused.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { labelResponseSchema } from '@shared/labels/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let bot: Awaited<ReturnType<typeof registeredBot>>;
beforeAll(async () => {
  bed = await startTelegramTestbed({ rateLimits: {} });
  bot = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function call(method: string, path: string, json?: unknown, token = bot.auth.token) {
  const response = await bed.server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function people(count: number) {
  const users = Array.from({ length: count }, (_, index) => bed.emulator.control.createUser({ first_name: `Pessoa ${index}` }));
  for (const user of users) bed.emulator.control.sendPrivateMessage({ from: user.id, bot: bot.token, text: 'oi' });
  return eventually('the contacts', async () => {
    await bed.server.server.bots.flush();
    const rows = await bed.server.db.sql<{ id: string; telegramId: bigint }[]>`
      select id, telegram_id as "telegramId" from contacts where bot_id = ${bot.bot.id} and telegram_id = any(${users.map((u) => String(u.id))}::bigint[])`;
    return rows.length === count ? rows : undefined;
  }, 30_000);
}

test('a broadcast to a label reaches exactly the labelled contacts, counted the same before the send', async () => {
  const contacts = await people(5);
  const label = labelResponseSchema.parse((await call('POST', '/labels', { name: 'Clientes', color: 'green' })).body).data.label;
  const labelled = contacts.slice(0, 3);
  for (const contact of labelled) expect((await call('PUT', `/contacts/${contact.id}/labels`, { labelIds: [label.id] })).status).toBe(200);

  const created = await call('POST', '/broadcasts', { name: 'Para clientes', botId: bot.bot.id, message: 'Olá clientes', targetType: 'LABEL', labelId: label.id });
  expect(created.status).toBe(201);
  const draft = broadcastResponseSchema.parse(created.body).data.broadcast;
  expect(draft).toMatchObject({ targetType: 'LABEL', labelId: label.id, contactIds: [], audienceCount: 3 });

  expect((await call('POST', `/broadcasts/${draft.id}/send`)).status).toBe(200);
  const done = await eventually('the broadcast to finish', async () => {
    const broadcast = broadcastResponseSchema.parse((await call('GET', `/broadcasts/${draft.id}`)).body).data.broadcast;
    return broadcast.status === 'COMPLETED' ? broadcast : undefined;
  }, 30_000);
  expect(done.statistics).toMatchObject({ total: 3, sent: 3, failed: 0 });
  const sent = bed.emulator.control.sentMessages({ token: bot.token, method: 'sendMessage' }).filter((record) => record.text === 'Olá clientes');
  expect(sent.map((record) => String(record.chatId)).sort()).toEqual(labelled.map((contact) => contact.telegramId.toString()).sort());
}, 60_000);

test("a LABEL audience needs the workspace's own label", async () => {
  const base = { name: 'Sem etiqueta', botId: bot.bot.id, message: 'Oi', targetType: 'LABEL' };
  const missing = await call('POST', '/broadcasts', base);
  expect(missing.status).toBe(400);
  expect(failureEnvelopeSchema.parse(missing.body).message).toBe(BROADCAST_TEXTS.labelRequired);
  const stranger = await registeredBot(bed);
  const theirs = labelResponseSchema.parse((await call('POST', '/labels', { name: 'Alheia' }, stranger.auth.token)).body).data.label;
  expect((await call('POST', '/broadcasts', { ...base, labelId: theirs.id })).status).toBe(404);
}, 30_000);
