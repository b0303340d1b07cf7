/**
 * The audience a broadcast will reach, answered before it starts (shared/broadcasts/answers.ts audienceCount):
 * counted with the rule the send writes its recipients with (humans among the bot's contacts, all or the picked
 * ones; those who blocked the bot counted apart), live while the broadcast is a draft or scheduled, and equal to
 * the send's total once it starts. The list and the detail answer the same.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { broadcastResponseSchema, broadcastsResponseSchema, type Broadcast } from '@shared/broadcasts/answers.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(60_000);

let bed: TelegramTestbed;
let bot: Awaited<ReturnType<typeof registeredBot>>;
let telegramIds = 7_100_000;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  bot = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

/** A contact of the bot, written directly (how it got there does not matter to the count). */
async function contact(input: { isBot?: boolean; blocked?: boolean; botId?: string } = {}): Promise<string> {
  telegramIds += 1;
  const [row] = await bed.server.db.sql<{ id: string }[]>`
    insert into contacts (bot_id, telegram_id, first_name, is_bot, blocked_at)
    values (${input.botId ?? bot.bot.id}, ${telegramIds}, ${`Pessoa ${telegramIds}`}, ${input.isBot ?? false}, ${input.blocked ? new Date() : null}) returning id`;
  return row?.id ?? '';
}

async function call(method: string, path: string, json?: unknown, token = bot.auth.token) {
  const response = await bed.server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function create(input: Record<string, unknown>): Promise<Broadcast> {
  const answer = await call('POST', '/broadcasts', { name: 'Promoção', botId: bot.bot.id, message: 'Olá', ...input });
  expect(answer.status).toBe(201);
  return broadcastResponseSchema.parse(answer.body).data.broadcast;
}

const detail = async (id: string) => broadcastResponseSchema.parse((await call('GET', `/broadcasts/${id}`)).body).data.broadcast;
const listed = async (id: string) => broadcastsResponseSchema.parse((await call('GET', '/broadcasts?limit=100')).body).data.broadcasts.find((row) => row.id === id);

describe('a broadcast answers the audience it will reach', () => {
  test('a draft to all: humans of the bot, those who blocked it apart, bots left out; the same in list and detail', async () => {
    const [first, , blocked] = [await contact(), await contact(), await contact({ blocked: true })];
    await contact({ isBot: true });
    const draft = await create({ targetType: 'ALL' });
    expect(draft).toMatchObject({ status: 'DRAFT', audienceCount: 3, audienceBlockedCount: 1, statistics: { total: 0 } });
    expect(await listed(draft.id)).toMatchObject({ audienceCount: 3, audienceBlockedCount: 1 });

    const picked = await create({ targetType: 'SELECTED', contactIds: [first, blocked] });
    expect(await detail(picked.id)).toMatchObject({ audienceCount: 2, audienceBlockedCount: 1 });
    expect(await listed(picked.id)).toMatchObject({ audienceCount: 2, audienceBlockedCount: 1 });
  });

  test('a scheduled broadcast counts live: a new contact of the bot is in its audience', async () => {
    const scheduled = await create({ targetType: 'ALL', scheduledFor: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe('SCHEDULED');
    const before = scheduled.audienceCount ?? 0;
    expect(before).toBeGreaterThan(0);
    await contact();
    expect(await listed(scheduled.id)).toMatchObject({ status: 'SCHEDULED', audienceCount: before + 1, statistics: { total: 0, sent: 0 } });
  });

  test('once sent, the audience counted before is the total the send writes (one definition)', async () => {
    const draft = await create({ targetType: 'ALL' });
    const counted = draft.audienceCount;
    expect((await call('POST', `/broadcasts/${draft.id}/send`)).status).toBe(200);
    const written = await eventually('the audience written', async () => {
      const now = await detail(draft.id);
      return now.status !== 'SENDING' || now.statistics.total === counted ? now : undefined;
    });
    expect(written.statistics.total).toBe(counted ?? -1);
    expect(written).toMatchObject({ audienceCount: counted, audienceBlockedCount: written.statistics.skipped });
  });

  test('one page with drafts of two bots: each counts its own bot', async () => {
    const other = await registeredBot(bed, bot.account);
    await contact({ botId: other.bot.id });
    const mine = await create({ targetType: 'ALL' });
    const theirs = await create({ targetType: 'ALL', botId: other.bot.id });
    expect(await listed(theirs.id)).toMatchObject({ audienceCount: 1, audienceBlockedCount: 0 });
    expect(await listed(mine.id)).toMatchObject({ audienceCount: mine.audienceCount });
    expect(mine.audienceCount).toBeGreaterThan(1);
  });

  test("another user's broadcast is a 404, its audience told to no one", async () => {
    const draft = await create({ targetType: 'ALL' });
    const stranger = await registeredBot(bed);
    expect((await call('GET', `/broadcasts/${draft.id}`, undefined, stranger.auth.token)).status).toBe(404);
  });
});
