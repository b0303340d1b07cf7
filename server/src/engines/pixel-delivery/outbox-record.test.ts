/**
 * recordPixelEvent (docs/decisions.md#pixel-outbox): what the funnels module calls inside its join transaction.
 * The row and its delivery job commit with the caller's transaction or not at all; a repeated event id is a no-op.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate } from '../../db/migrate.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import type { PixelEventInput } from '../../ports/pixel-outbox.ts';
import { recordPixelEvent } from './outbox.ts';

let db: TestDatabase;
let userId = '';
let pixelId = '';

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
  const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dona', ${`${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
  userId = user?.id ?? '';
  const [pixel] = await db.sql<{ id: string }[]>`
    insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview) values (${userId}, 'Pixel', '123456789012345', 'v1.x.y.z', 'EAAB••••••abcd') returning id`;
  pixelId = pixel?.id ?? '';
}, 60_000);
afterAll(() => db.close());

const event = (overrides: Partial<PixelEventInput> = {}): PixelEventInput => ({
  userId,
  pixelId,
  eventName: 'enter_channel',
  eventId: crypto.randomUUID(),
  eventTime: new Date('2026-11-20T12:00:00.500Z'),
  actionSource: 'website',
  eventSourceUrl: 'https://loja.exemplo.com/oferta?utm_source=fb',
  telegramUserId: '424242',
  fbp: 'fb.1.1700000000000.123456',
  fbc: 'fb.1.1700000000000.AbCdEf',
  clientIpAddress: '203.0.113.9',
  clientUserAgent: 'Mozilla/5.0 (Teste)',
  ...overrides,
});

const rowsOf = (eventId: string) =>
  db.sql<{ status: string; payload: Record<string, unknown>; eventName: string }[]>`
    select status, payload, event_name as "eventName" from pixel_events where event_id = ${eventId}`;
const jobsOf = () => db.sql<{ status: string }[]>`select status from jobs where kind = 'pixel.deliver' and payload->>'pixelId' = ${pixelId}`;

describe('recordPixelEvent', () => {
  test('writes the event as Meta receives it, with the hashed external_id, and a delivery job', async () => {
    const input = event();
    await db.sql.begin((tx) => recordPixelEvent(tx, input));
    const [row] = await rowsOf(input.eventId);
    expect(row?.status).toBe('pending');
    expect(row?.payload).toEqual({
      event_name: 'enter_channel',
      event_time: 1795176000,
      event_id: input.eventId,
      action_source: 'website',
      event_source_url: 'https://loja.exemplo.com/oferta?utm_source=fb',
      user_data: {
        external_id: sha256Hex('424242'),
        fbp: 'fb.1.1700000000000.123456',
        fbc: 'fb.1.1700000000000.AbCdEf',
        client_ip_address: '203.0.113.9',
        client_user_agent: 'Mozilla/5.0 (Teste)',
      },
    });
    expect((await jobsOf()).length).toBe(1);
  });

  test('a chat event leaves out what is not known', async () => {
    const input = event({ eventName: 'left_channel', actionSource: 'chat', eventSourceUrl: null, fbp: null, fbc: undefined, clientIpAddress: null, clientUserAgent: null });
    await recordPixelEvent(db.sql, input);
    const [row] = await rowsOf(input.eventId);
    expect(row?.payload).toEqual({ event_name: 'left_channel', event_time: 1795176000, event_id: input.eventId, action_source: 'chat', user_data: { external_id: sha256Hex('424242') } });
  });

  test('the same event id twice is one event', async () => {
    const input = event();
    await recordPixelEvent(db.sql, input);
    await recordPixelEvent(db.sql, { ...input, eventName: 'left_channel' });
    const rows = await rowsOf(input.eventId);
    expect(rows.map((row) => row.eventName)).toEqual(['enter_channel']);
  });

  test('a rolled-back join records neither the event nor a job', async () => {
    await db.sql`delete from jobs`;
    const input = event();
    const failed = await db.sql
      .begin(async (tx) => {
        await recordPixelEvent(tx, input);
        throw new Error('the join failed');
      })
      .then(() => false, () => true);
    expect(failed).toBe(true);
    expect((await rowsOf(input.eventId)).length).toBe(0);
    expect((await jobsOf()).length).toBe(0);
  });

  test("another user's pixel, or a pixel that is gone, records nothing", async () => {
    const stranger = event({ userId: crypto.randomUUID() });
    await recordPixelEvent(db.sql, stranger);
    const gone = event({ pixelId: crypto.randomUUID() });
    await recordPixelEvent(db.sql, gone);
    expect((await rowsOf(stranger.eventId)).length).toBe(0);
    expect((await rowsOf(gone.eventId)).length).toBe(0);
  });
});
