/**
 * Broadcasts against the real server and the emulator with Telegram's rate limits ON (30/s per bot, 1/s per chat):
 * rate and exactly-once delivery, blocked users, 429, abandoned claims, the status machine and its 422s, scheduling
 * across a restart.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import {
  broadcastProgressResponseSchema,
  broadcastResponseSchema,
  broadcastRecipientsResponseSchema,
  type Broadcast,
} from '@shared/broadcasts/answers.ts';
import { PNG_1X1, uploadFile } from '../../test-support/media-upload.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, waitForPolling, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let bot: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  bed = await startTelegramTestbed({ rateLimits: {} }, { broadcastLeaseMs: 2000 });
  bot = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

/** `count` emulator users who started the bot, stored as contacts directly (no 600 updates through the runtime). */
async function audience(count: number) {
  const users = Array.from({ length: count }, (_, index) => bed.emulator.control.createUser({ first_name: `Pessoa ${index}` }));
  for (const user of users) bed.emulator.control.sendPrivateMessage({ from: user.id, bot: bot.token, text: 'oi' });
  await eventually('the contacts', async () => {
    await bed.server.server.bots.flush();
    const [row] = await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from contacts where bot_id = ${bot.bot.id} and telegram_id = any(${users.map((u) => String(u.id))}::bigint[])`;
    return row?.n === count;
  }, 60_000);
  const contacts = await bed.server.db.sql<{ id: string; telegramId: bigint }[]>`
    select id, telegram_id as "telegramId" from contacts where bot_id = ${bot.bot.id} and telegram_id = any(${users.map((u) => String(u.id))}::bigint[])`;
  return { users, contactIds: contacts.map((c) => c.id) };
}

async function call(method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: bot.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function create(input: Record<string, unknown>): Promise<Broadcast> {
  const answer = await call('POST', '/broadcasts', { name: 'Disparo', botId: bot.bot.id, message: 'Olá <b>você</b>', ...input });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer));
  return broadcastResponseSchema.parse(answer.body).data.broadcast;
}

const get = async (id: string) => broadcastResponseSchema.parse((await call('GET', `/broadcasts/${id}`)).body).data.broadcast;
const finished = (id: string, timeoutMs = 60_000) =>
  eventually('the broadcast to finish', async () => {
    const broadcast = await get(id);
    return broadcast.status === 'COMPLETED' || broadcast.status === 'FAILED' ? broadcast : undefined;
  }, timeoutMs);

function sentPerChat(chatIds: number[]) {
  const wanted = new Set(chatIds);
  const counts = new Map<number, number>();
  for (const record of bed.emulator.control.sentMessages({ token: bot.token })) {
    if (wanted.has(Number(record.chatId))) counts.set(Number(record.chatId), (counts.get(Number(record.chatId)) ?? 0) + 1);
  }
  return counts;
}

test('600 recipients at 30/s finish within 600/30 × 1.15 s, each exactly once', async () => {
  const { users, contactIds } = await audience(600);
  const broadcast = await create({ targetType: 'SELECTED', contactIds });
  const started = Date.now();
  const send = await call('POST', `/broadcasts/${broadcast.id}/send`);
  expect(send.status).toBe(200);
  expect(broadcastResponseSchema.parse(send.body).data.broadcast.status).toBe('SENDING');
  const done = await finished(broadcast.id);
  const seconds = (Date.now() - started) / 1000;
  expect(done.status).toBe('COMPLETED');
  expect(done.statistics).toMatchObject({ total: 600, sent: 600, failed: 0, pending: 0 });
  const pauses = bed.server.logs.filter((line) => line.includes("envio do bot pausado")).length;
  console.log(`600 recipients: ${seconds.toFixed(2)} s, ${(600 / seconds).toFixed(1)}/s, 429 pauses: ${pauses}`);
  expect(seconds).toBeLessThanOrEqual((600 / 30) * 1.15);
  const counts = sentPerChat(users.map((u) => u.id));
  expect(counts.size).toBe(600);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  const progress = broadcastProgressResponseSchema.parse((await call('GET', `/broadcasts/${broadcast.id}/progress`)).body).data.progress;
  expect(progress).toMatchObject({ sent: 600, failed: 0, total: 600, current: 600, percentage: 100, status: 'COMPLETED' });
}, 90_000);

test('blocked users fail with a reason, are marked, and are skipped by the next broadcast', async () => {
  const { users, contactIds } = await audience(4);
  bed.emulator.control.blockBot({ userId: users[0]!.id, bot: bot.token });
  const first = await create({ targetType: 'SELECTED', contactIds });
  await call('POST', `/broadcasts/${first.id}/send`);
  const done = await finished(first.id);
  expect(done.statistics).toMatchObject({ total: 4, sent: 3, failed: 1 });
  const failures = broadcastRecipientsResponseSchema.parse((await call('GET', `/broadcasts/${first.id}/recipients?status=failed`)).body).data.recipients;
  expect(failures.map((r) => [r.telegramId, r.status, r.reason])).toEqual([[String(users[0]!.id), 'failed', 'Contato bloqueou o bot']]);
  const second = await create({ targetType: 'SELECTED', contactIds });
  await call('POST', `/broadcasts/${second.id}/send`);
  const again = await finished(second.id);
  expect(again.statistics).toMatchObject({ total: 4, sent: 3, failed: 1, skipped: 1 });
  expect(sentPerChat([users[0]!.id]).size).toBe(0);
}, 60_000);

test("a 429's retry_after pauses the bot that long, and nobody is sent twice", async () => {
  const { users, contactIds } = await audience(3);
  bed.emulator.control.injectFailure({ token: bot.token, method: 'sendMessage', errorCode: 429, description: 'Too Many Requests: retry after 2', retryAfter: 2, times: 1 });
  const broadcast = await create({ targetType: 'SELECTED', contactIds });
  const started = Date.now();
  await call('POST', `/broadcasts/${broadcast.id}/send`);
  const done = await finished(broadcast.id);
  expect(done.statistics).toMatchObject({ total: 3, sent: 3 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  expect([...sentPerChat(users.map((u) => u.id)).values()]).toEqual([1, 1, 1]);
}, 30_000);

test('a claim abandoned by a dead process is failed "resultado incerto", never sent again', async () => {
  const { users, contactIds } = await audience(3);
  const broadcast = await create({ targetType: 'SELECTED', contactIds });
  // As a process killed mid-send leaves it: SENDING, one recipient claimed under a lease nobody will end.
  const sql = bed.server.db.sql;
  await sql.begin(async (tx) => {
    await tx`update broadcasts set status = 'SENDING', started_at = now() where id = ${broadcast.id}`;
    await tx`insert into broadcast_recipients (broadcast_id, telegram_id, contact_id, status, lease_token, lease_expires_at)
      select ${broadcast.id}, telegram_id, id, case when telegram_id = ${users[0]!.id} then 'sending' else 'pending' end,
        case when telegram_id = ${users[0]!.id} then gen_random_uuid() end, case when telegram_id = ${users[0]!.id} then now() + interval '1 second' end
      from contacts where id = any(${contactIds}::uuid[])`;
  });
  const done = await finished(broadcast.id);
  expect(done.statistics).toMatchObject({ total: 3, sent: 2, failed: 1 });
  expect(sentPerChat([users[0]!.id]).size).toBe(0);
  const failures = broadcastRecipientsResponseSchema.parse((await call('GET', `/broadcasts/${broadcast.id}/recipients?status=failed`)).body).data.recipients;
  expect(failures[0]?.reason).toContain('Resultado incerto');
}, 30_000);

test('a blocked contact who writes to the bot again is no longer skipped', async () => {
  const { users, contactIds } = await audience(2);
  const blocker = users[0]!;
  bed.emulator.control.blockBot({ userId: blocker.id, bot: bot.token });
  const first = await create({ targetType: 'SELECTED', contactIds });
  await call('POST', `/broadcasts/${first.id}/send`);
  expect((await finished(first.id)).statistics).toMatchObject({ total: 2, sent: 1, failed: 1 });
  const blockedAt = async () =>
    (await bed.server.db.sql<{ blockedAt: Date | null }[]>`select blocked_at as "blockedAt" from contacts where bot_id = ${bot.bot.id} and telegram_id = ${blocker.id}`)[0]?.blockedAt;
  expect(await blockedAt()).toBeInstanceOf(Date);

  bed.emulator.control.unblockBot({ userId: blocker.id, bot: bot.token });
  bed.emulator.control.sendPrivateMessage({ from: blocker.id, bot: bot.token, text: '/start' });
  await eventually('blocked_at cleared', async () => {
    await bed.server.server.bots.flush();
    return (await blockedAt()) === null;
  });
  const second = await create({ targetType: 'SELECTED', contactIds });
  await call('POST', `/broadcasts/${second.id}/send`);
  expect((await finished(second.id)).statistics).toMatchObject({ total: 2, sent: 2, failed: 0, skipped: 0 });
  expect(sentPerChat([blocker.id]).get(blocker.id)).toBe(1);
}, 60_000);

test('an uploaded image with a caption and a button row reaches every recipient and the outcomes are recorded', async () => {
  const { users, contactIds } = await audience(4);
  const upload = await uploadFile(bed.server, bot.auth.token, PNG_1X1, 'foto.png', 'image/png');
  expect(upload.status).toBe(201);
  const mediaUrl = (upload.body as { data: { url: string } }).data.url;
  const buttons = [{ buttons: [{ text: 'Site', type: 'url', value: 'https://example.com/oferta' }, { text: 'Quero', type: 'callback', value: 'quero' }] }];
  const broadcast = await create({ targetType: 'SELECTED', contactIds, message: '', mediaType: 'IMAGE', mediaUrl, caption: 'Promoção <b>hoje</b>', buttons });
  const send = await call('POST', `/broadcasts/${broadcast.id}/send`);
  expect(send.status).toBe(200);
  const done = await finished(broadcast.id, 30_000);
  expect(done.status).toBe('COMPLETED');
  expect(done.statistics).toMatchObject({ total: 4, sent: 4, failed: 0, pending: 0 });
  expect(bed.server.logs.filter((line) => line.includes('"error"') && line.includes('broadcast'))).toEqual([]);
  const photos = bed.emulator.control.sentMessages({ token: bot.token, method: 'sendPhoto' }).filter((r) => users.some((u) => u.id === Number(r.chatId)));
  expect(photos.map((r) => Number(r.chatId)).sort()).toEqual(users.map((u) => u.id).sort());
  for (const photo of photos) {
    expect(photo.caption).toContain('Promoção');
    expect(photo.reply_markup).toMatchObject({ inline_keyboard: [[{ text: 'Site', url: 'https://example.com/oferta' }, { text: 'Quero', callback_data: 'quero' }]] });
  }
  const sent = broadcastRecipientsResponseSchema.parse((await call('GET', `/broadcasts/${broadcast.id}/recipients?status=sent`)).body).data.recipients;
  expect(sent).toHaveLength(4);
  const [stored] = await bed.server.db.sql<{ fileId: string | null }[]>`select media_file_id as "fileId" from broadcasts where id = ${broadcast.id}`;
  expect(stored?.fileId).toBeTruthy();
}, 60_000);

test("two broadcasts of one bot sending together share the bot's 30/s (per sliding second) and both complete", async () => {
  const first = await audience(120);
  const second = await audience(120);
  const a = await create({ targetType: 'SELECTED', contactIds: first.contactIds });
  const b = await create({ targetType: 'SELECTED', contactIds: second.contactIds });
  const since = Date.now();
  await Promise.all([call('POST', `/broadcasts/${a.id}/send`), call('POST', `/broadcasts/${b.id}/send`)]);
  const [doneA, doneB] = await Promise.all([finished(a.id), finished(b.id)]);
  expect(doneA).toMatchObject({ status: 'COMPLETED', statistics: { total: 120, sent: 120 } });
  expect(doneB).toMatchObject({ status: 'COMPLETED', statistics: { total: 120, sent: 120 } });
  const stamps = bed.emulator.control.sentMessages({ token: bot.token, method: 'sendMessage' }).filter((r) => r.atMs >= since).map((r) => r.atMs).sort((x, y) => x - y);
  expect(stamps).toHaveLength(240);
  let worst = 0;
  for (let i = 0, j = 0; i < stamps.length; i++) {
    while ((stamps[i] ?? 0) - (stamps[j] ?? 0) >= 1000) j++;
    worst = Math.max(worst, i - j + 1);
  }
  console.log(`two broadcasts: busiest sliding second ${worst} messages`);
  expect(worst).toBeLessThanOrEqual(30);
  expect([...sentPerChat([...first.users, ...second.users].map((u) => u.id)).values()].every((n) => n === 1)).toBe(true);
}, 90_000);

test('status machine: allowed transitions and 422 for the others; cancel, stop, duplicate, delete', async () => {
  const { contactIds } = await audience(2);
  const draft = await create({ targetType: 'SELECTED', contactIds });
  expect(draft.status).toBe('DRAFT');
  const refusedCancel = await call('POST', `/broadcasts/${draft.id}/cancel`);
  expect(refusedCancel.status).toBe(422);
  expect(refusedCancel.body.code).toBe('BROADCAST_INVALID_TRANSITION');
  expect((await call('POST', `/broadcasts/${draft.id}/stop`)).status).toBe(422);

  const future = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await create({ targetType: 'SELECTED', contactIds, scheduledFor: future });
  expect(scheduled.status).toBe('SCHEDULED');
  const cancelled = await call('POST', `/broadcasts/${scheduled.id}/cancel`);
  expect(broadcastResponseSchema.parse(cancelled.body).data.broadcast.status).toBe('CANCELLED');
  for (const action of ['send', 'cancel', 'stop']) expect((await call('POST', `/broadcasts/${scheduled.id}/${action}`)).status).toBe(422);
  expect((await call('PATCH', `/broadcasts/${scheduled.id}`, { name: 'x' })).status).toBe(422);
  const past = await call('PATCH', `/broadcasts/${draft.id}`, { scheduledFor: new Date(Date.now() - 60_000).toISOString() });
  expect(past.status).toBe(400);

  // Stop ('Parar') keeps the unsent; send again sends only those.
  const big = await audience(60);
  const running = await create({ targetType: 'SELECTED', contactIds: big.contactIds });
  await call('POST', `/broadcasts/${running.id}/send`);
  await eventually('some sent', async () => (await get(running.id)).statistics.sent > 0);
  expect((await call('DELETE', `/broadcasts/${running.id}`)).status).toBe(422);
  expect((await call('PATCH', `/broadcasts/${running.id}`, { name: 'x' })).status).toBe(422);
  const stopped = broadcastResponseSchema.parse((await call('POST', `/broadcasts/${running.id}/stop`)).body).data.broadcast;
  expect(stopped.status).toBe('FAILED');
  expect(stopped.error).toBe('Envio parado pelo usuário');
  await Bun.sleep(500);
  const paused = await get(running.id);
  expect(paused.statistics.pending).toBeGreaterThan(0);
  await call('POST', `/broadcasts/${running.id}/send`);
  const done = await finished(running.id);
  expect(done.statistics).toMatchObject({ total: 60, sent: 60 });
  expect([...sentPerChat(big.users.map((u) => u.id)).values()].every((n) => n === 1)).toBe(true);
  expect((await call('POST', `/broadcasts/${running.id}/send`)).status).toBe(422);

  const copy = await call('POST', `/broadcasts/${running.id}/duplicate`, { name: 'Cópia' });
  const duplicated = broadcastResponseSchema.parse(copy.body).data.broadcast;
  expect(duplicated).toMatchObject({ name: 'Cópia', status: 'DRAFT', contactIds: running.contactIds, totalCount: 0 });
  expect((await call('DELETE', `/broadcasts/${running.id}`)).status).toBe(200);
  expect((await call('GET', `/broadcasts/${running.id}`)).status).toBe(404);
}, 90_000);

test('a scheduled broadcast whose time passed while the server was down starts at boot', async () => {
  const { users, contactIds } = await audience(2);
  const broadcast = await create({ targetType: 'SELECTED', contactIds, scheduledFor: new Date(Date.now() + 1500).toISOString() });
  const database = bed.server.db;
  await bed.server.server.stop();
  await Bun.sleep(2500);
  bed.server = await startTestServer({ database, env: { TELEGRAM_API_ROOT: bed.emulator.url }, broadcastLeaseMs: 2000 });
  await waitForPolling(bed, bot.token);
  const done = await finished(broadcast.id, 20_000);
  expect(done.status).toBe('COMPLETED');
  expect([...sentPerChat(users.map((u) => u.id)).values()]).toEqual([1, 1]);
}, 60_000);

test("right after a restart the bot's rate window starts full: the emulator, still counting the old process's sends, answers no 429", async () => {
  const { users, contactIds } = await audience(150);
  const broadcast = await create({ targetType: 'SELECTED', contactIds });
  await call('POST', `/broadcasts/${broadcast.id}/send`);
  // Sending at full rate for over a second: Telegram's window for the bot is full when the process goes away.
  await eventually('a full second of sending', async () => (await get(broadcast.id)).statistics.sent >= 45);
  const database = bed.server.db;
  await bed.server.server.stop();
  const callsBefore = bed.emulator.control.apiCalls({ token: bot.token, method: 'sendMessage' }).length;
  const lastBefore = Math.max(...bed.emulator.control.sentMessages({ token: bot.token, method: 'sendMessage' }).map((r) => r.atMs));
  bed.server = await startTestServer({ database, env: { TELEGRAM_API_ROOT: bed.emulator.url }, broadcastLeaseMs: 2000 });
  const done = await finished(broadcast.id);
  const firstAfter = Math.min(...bed.emulator.control.sentMessages({ token: bot.token, method: 'sendMessage' }).map((r) => r.atMs).filter((at) => at > lastBefore));
  const refused = bed.emulator.control.apiCalls({ token: bot.token, method: 'sendMessage' }).slice(callsBefore).filter((c) => c.errorCode === 429);
  console.log(`restart: first send ${firstAfter - lastBefore} ms after the old process's last, 429s after the restart: ${refused.length}`);
  expect(refused).toEqual([]);
  expect(done).toMatchObject({ status: 'COMPLETED', statistics: { total: 150, sent: 150 } });
  expect([...sentPerChat(users.map((u) => u.id)).values()].every((n) => n === 1)).toBe(true);
}, 90_000);
