import { describe, expect, test } from 'bun:test';
import type { Broadcast } from '@shared/broadcasts/answers.ts';
import { matchesFilters, overlayOne, overlayPending } from './local-drafts.ts';

const BOT = '6f1c2a7e-8d3b-4c5a-9e0f-1a2b3c4d5e6f';
const LOCAL = '11111111-1111-4111-8111-111111111111';
const SERVER = '22222222-2222-4222-8222-222222222222';
const bots = new Map([[BOT, { name: 'Loja', username: 'loja_bot' }]]);

const serverRow = { id: SERVER, name: 'No servidor', botId: BOT, bot: { name: 'Loja', username: 'loja_bot' }, message: 'Oi', parseMode: 'HTML', mediaType: null, mediaUrl: null, caption: 'x',
  media: null, buttons: [], targetType: 'ALL', contactIds: [], labelId: null, scheduledFor: null, status: 'DRAFT', sentCount: 0, failedCount: 0, totalCount: 0,
  statistics: { total: 0, sent: 0, failed: 0, skipped: 0, pending: 0 }, audienceCount: 12, audienceBlockedCount: 1, ratePerSecond: 30, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  startedAt: null, completedAt: null, error: null } satisfies Broadcast;

const create = { name: 'broadcast.create', createdAt: '2026-01-02T00:00:00Z', args: { broadcast: { id: LOCAL, name: 'Offline', botId: BOT, message: 'Feito sem rede' } } };

describe('queued drafts over the server list', () => {
  test('a draft written on this device shows as a local DRAFT with its bot', () => {
    const { localDrafts, rows } = overlayPending([serverRow], [create], bots);
    expect(rows.map((row) => [row.id, row.localOnly, row.pendingSync])).toEqual([[SERVER, false, false]]);
    expect(localDrafts).toHaveLength(1);
    expect(localDrafts[0]).toMatchObject({ id: LOCAL, name: 'Offline', status: 'DRAFT', bot: { username: 'loja_bot' }, localOnly: true, targetType: 'ALL' });
  });

  test('once the server has the draft, its row wins and the create is not shown twice', () => {
    const pushed = { ...serverRow, id: LOCAL, name: 'Offline' };
    const { localDrafts, rows } = overlayPending([pushed], [create], bots);
    expect(localDrafts).toHaveLength(0);
    expect(rows[0]?.localOnly).toBe(false);
  });

  test('updates apply in order (null clears); a delete hides the row', () => {
    const update = { name: 'broadcast.update', createdAt: '2026-01-03T00:00:00Z', args: { broadcastId: SERVER, changes: { name: 'Renomeado', caption: null } } };
    const row = overlayOne(SERVER, serverRow, [update], bots);
    expect(row).toMatchObject({ name: 'Renomeado', caption: null, message: 'Oi', pendingSync: true });
    const remove = { name: 'broadcast.delete', createdAt: '2026-01-04T00:00:00Z', args: { broadcastId: SERVER } };
    expect(overlayOne(SERVER, serverRow, [update, remove], bots)).toBeNull();
    expect(overlayPending([serverRow], [create, { ...remove, args: { broadcastId: LOCAL } }], bots).localDrafts).toHaveLength(0);
  });

  test('local drafts follow the list filters', () => {
    const [draft] = overlayPending([], [create], bots).localDrafts;
    if (!draft) throw new Error('no draft');
    expect(matchesFilters(draft, { status: 'DRAFT', search: 'off', botId: BOT })).toBe(true);
    expect(matchesFilters(draft, { status: 'SENDING' })).toBe(false);
    expect(matchesFilters(draft, { search: 'promo' })).toBe(false);
  });

  test("the server's audience count stays through a rename, and is dropped when the audience itself changes", () => {
    const rename = { name: 'broadcast.update', createdAt: '2026-01-03T00:00:00Z', args: { broadcastId: SERVER, changes: { name: 'Outro nome' } } };
    expect(overlayOne(SERVER, serverRow, [rename], bots)).toMatchObject({ audienceCount: 12, audienceBlockedCount: 1 });
    const retarget = { name: 'broadcast.update', createdAt: '2026-01-03T00:00:00Z', args: { broadcastId: SERVER, changes: { targetType: 'SELECTED', contactIds: [LOCAL] } } };
    expect(overlayOne(SERVER, serverRow, [retarget], bots)).toMatchObject({ audienceCount: null, audienceBlockedCount: null });
    expect(overlayPending([], [create], bots).localDrafts[0]?.audienceCount).toBeNull();
  });
});
