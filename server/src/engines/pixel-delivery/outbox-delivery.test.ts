/**
 * The Conversions API outbox delivered by the real server's job worker to the fake Graph endpoint
 * (docs/decisions.md#pixel-outbox): the event as Meta receives it, batches of ≤ 1000, a 500 retried once with the
 * same event id, a 400 never retried and shown on the pixel until a later accepted batch, events too old for Meta
 * failed unsent, pendingEvents counting the outbox.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { pixelResponseSchema, pixelsResponseSchema, type Pixel } from '@shared/pixels/schemas.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { FakeGraph } from '../../test-support/fake-graph.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { eventually } from '../../test-support/telegram.ts';
import type { PixelEventInput } from '../../ports/pixel-outbox.ts';
import { recordPixelEvent } from './outbox.ts';

setDefaultTimeout(30_000);

let server: TestServer;
let graph: FakeGraph;
let owner = '';
let ownerId = '';
const TOKEN = `EAAC${'q4'.repeat(24)}Tk9w`;
let metaPixelSeq = 100000000000;

beforeAll(async () => {
  server = await startTestServer();
  if (!server.graph) throw new Error('the test server starts a fake Graph endpoint');
  graph = server.graph;
  const account = await registerUser(server, 'Dona do Funil');
  owner = account.tokens.accessToken;
  ownerId = account.user.id;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

/** A pixel with a Meta pixel id of its own, so the fake Graph's records of each test stay apart. */
async function newPixel(): Promise<Pixel> {
  metaPixelSeq += 1;
  const response = await server.api('/api/pixels', { token: owner, json: { name: `Pixel ${metaPixelSeq}`, pixelId: String(metaPixelSeq), accessToken: TOKEN } });
  expect(response.status).toBe(201);
  return pixelResponseSchema.parse(await response.json()).data.pixel;
}

const pixelNow = async (id: string) => {
  const response = await server.api('/api/pixels', { token: owner });
  return pixelsResponseSchema.parse(await response.json()).data.pixels.find((pixel) => pixel.id === id);
};

const joinOf = (pixel: Pixel, overrides: Partial<PixelEventInput> = {}): PixelEventInput => ({
  userId: ownerId,
  pixelId: pixel.id,
  eventName: 'enter_channel',
  eventId: `join-${crypto.randomUUID()}`,
  eventTime: new Date(),
  actionSource: 'website',
  eventSourceUrl: 'https://loja.exemplo.com/lp',
  telegramUserId: '5551234',
  fbp: 'fb.1.1763000000000.987654321',
  fbc: 'fb.1.1763000000000.IwAR0abc',
  clientIpAddress: '198.51.100.7',
  clientUserAgent: 'Mozilla/5.0 (iPhone)',
  ...overrides,
});

const statuses = async (pixelId: string) => {
  const rows = await server.db.sql<{ status: string; n: number }[]>`select status, count(*)::int as n from pixel_events where pixel_id = ${pixelId} group by status`;
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
};
const requestsFor = (pixel: Pixel) => graph.requests.filter((request) => request.pixelId === pixel.pixelId);

describe('pixel outbox delivery', () => {
  test('one join becomes one enter_channel with the hashed external_id and the visit’s data', async () => {
    const pixel = await newPixel();
    const join = joinOf(pixel, { customData: { funnel: 'Lançamento' } });
    await server.db.sql.begin((tx) => recordPixelEvent(tx, join));
    await eventually('the event at Meta', () => graph.events(pixel.pixelId).length === 1);
    const [request] = requestsFor(pixel);
    expect(request).toMatchObject({ version: server.config.metaGraphVersion, accessToken: TOKEN, testEventCode: null, status: 200 });
    expect(request?.data).toEqual([{
      event_name: 'enter_channel',
      event_time: Math.floor(join.eventTime.getTime() / 1000),
      event_id: join.eventId,
      action_source: 'website',
      event_source_url: 'https://loja.exemplo.com/lp',
      user_data: {
        external_id: sha256Hex('5551234'),
        fbp: 'fb.1.1763000000000.987654321',
        fbc: 'fb.1.1763000000000.IwAR0abc',
        client_ip_address: '198.51.100.7',
        client_user_agent: 'Mozilla/5.0 (iPhone)',
      },
      custom_data: { funnel: 'Lançamento' },
    }]);
    await eventually('the pixel ok', async () => (await pixelNow(pixel.id))?.status === 'ok');
    expect(await pixelNow(pixel.id)).toMatchObject({ status: 'ok', lastError: null, pendingEvents: 0 });
    expect((await pixelNow(pixel.id))?.lastEventAt).not.toBeNull();
    expect(await statuses(pixel.id)).toEqual({ sent: 1 });
  });

  test('2 500 events recorded in one transaction go in requests of at most 1000, each once', async () => {
    const pixel = await newPixel();
    const joins = Array.from({ length: 2500 }, () => joinOf(pixel, { actionSource: 'chat', eventSourceUrl: null }));
    await server.db.sql.begin(async (tx) => {
      for (const join of joins) await recordPixelEvent(tx, join);
    });
    await eventually('2 500 events sent', async () => (await statuses(pixel.id)).sent === 2500, 20_000);
    const sizes = requestsFor(pixel).map((request) => request.data.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(2500);
    expect(new Set(graph.events(pixel.pixelId).map((event) => event.event_id)).size).toBe(2500);
    expect(graph.events(pixel.pixelId)).toHaveLength(2500);
  });

  test('500 then 200: retried after a backoff with the same event id, delivered exactly once', async () => {
    const pixel = await newPixel();
    graph.failNext(1);
    const join = joinOf(pixel);
    await recordPixelEvent(server.db.sql, join);
    await eventually('the first (refused) attempt', () => requestsFor(pixel).length === 1);
    await eventually('the retry accepted', () => graph.events(pixel.pixelId).length === 1, 15_000);
    expect(requestsFor(pixel).map((request) => [request.status, request.data.map((event) => event.event_id)])).toEqual([[500, [join.eventId]], [200, [join.eventId]]]);
    await Bun.sleep(600);
    expect(requestsFor(pixel)).toHaveLength(2);
    expect(await statuses(pixel.id)).toEqual({ sent: 1 });
    // Meta's outage is not the pixel's fault: it goes straight from unused to ok.
    expect((await pixelNow(pixel.id))?.status).toBe('ok');
  });

  test("400: never retried, the events failed with Meta's message, the pixel in error until an accepted batch", async () => {
    const pixel = await newPixel();
    graph.refuseNext(1, 'Invalid parameter', 100);
    await recordPixelEvent(server.db.sql, joinOf(pixel));
    await eventually('the refusal recorded', async () => (await statuses(pixel.id)).failed === 1);
    await Bun.sleep(1500);
    expect(requestsFor(pixel)).toHaveLength(1);
    expect(await pixelNow(pixel.id)).toMatchObject({ status: 'error', lastError: 'Invalid parameter', pendingEvents: 0 });
    const [row] = await server.db.sql<{ lastError: string }[]>`select last_error as "lastError" from pixel_events where pixel_id = ${pixel.id}`;
    expect(row?.lastError).toBe('Invalid parameter');

    await recordPixelEvent(server.db.sql, joinOf(pixel, { eventName: 'left_channel' }));
    await eventually('the pixel ok again', async () => (await pixelNow(pixel.id))?.status === 'ok');
    expect(await pixelNow(pixel.id)).toMatchObject({ status: 'ok', lastError: null, lastErrorAt: null });
  });

  test('an event older than 7 days is failed without being sent; pendingEvents counts what waits', async () => {
    const pixel = await newPixel();
    graph.hangNext(1);
    await recordPixelEvent(server.db.sql, joinOf(pixel, { eventTime: new Date(Date.now() - 8 * 24 * 3600_000) }));
    await recordPixelEvent(server.db.sql, joinOf(pixel));
    await eventually('one event in flight', () => requestsFor(pixel).length === 1);
    expect((await pixelNow(pixel.id))?.pendingEvents).toBe(1);
    expect(await statuses(pixel.id)).toEqual({ failed: 1, sending: 1 });
    graph.release();
    await eventually('sent', async () => (await statuses(pixel.id)).sent === 1);
    expect(requestsFor(pixel)).toHaveLength(1);
    expect(requestsFor(pixel)[0]?.data).toHaveLength(1);
    expect((await pixelNow(pixel.id))?.pendingEvents).toBe(0);
  });

  test('the access token is in no log line', () => {
    expect(server.logs.some((line) => line.includes('pixel'))).toBe(true);
    expect(server.logs.filter((line) => line.includes(TOKEN))).toEqual([]);
  });
});
