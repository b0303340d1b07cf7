/**
 * Deleting the account: it says what will be erased; a wrong password erases nothing; the right one stops the bots
 * (no more getUpdates), erases every row the account owns (every table, derived from the schema), its jobs, its
 * files and its sessions, and leaves another account exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { deletionImpactResponseSchema } from '@shared/account/schemas.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { ownedRows, ownershipConditions, rowDifferences } from '../../test-support/owned-rows.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { tenantWithEverything, type Tenant } from '../../test-support/tenant-scene.ts';
import { eventually, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let alice: Tenant;
let bob: Tenant;
let conditions: Map<string, string>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  alice = await tenantWithEverything(bed, `Alfa${crypto.randomUUID().slice(0, 6)}`);
  bob = await tenantWithEverything(bed, `Beta${crypto.randomUUID().slice(0, 6)}`);
  conditions = await ownershipConditions(bed.server.db.sql);
  // A waiting job that names the account's broadcast only in its payload (a scheduled start).
  const scheduledFor = new Date(Date.now() + 3600_000).toISOString();
  const scheduled = await bed.server.api(`/api/broadcasts/${alice.broadcastId}`, { method: 'PATCH', token: alice.token, json: { scheduledFor } });
  expect(scheduled.status).toBe(200);
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

const rowsOf = (tenant: Tenant) => ownedRows(bed.server.db.sql, conditions, tenant.userId);
const mediaDir = (tenant: Tenant) => path.join(bed.server.config.dataDir, 'media', tenant.userId);
const deleteAccount = (tenant: Tenant, password: string) => bed.server.api('/api/account', { method: 'DELETE', token: tenant.token, json: { password } });

async function jobsNaming(tenant: Tenant) {
  const rows = await bed.server.db.sql<{ id: string }[]>`
    select id from jobs where tenant = ${tenant.userId} or scope = ${`bot:${tenant.botId}`} or payload->>'broadcastId' = ${tenant.broadcastId}`;
  return rows.length;
}

describe('delete account', () => {
  test('says what will be erased', async () => {
    const answer = await bed.server.api('/api/account/deletion-impact', { token: alice.token });
    expect(answer.status).toBe(200);
    const { impact } = deletionImpactResponseSchema.parse(await answer.json()).data;
    expect(impact).toMatchObject({ bots: 1, conversations: 1, flows: 1, broadcasts: 1, funnels: 1, pixels: 1, mediaFiles: 1 });
    expect(impact.contacts).toBeGreaterThan(0);
    expect(impact.messages).toBeGreaterThan(0);
  }, 30_000);

  test('a wrong password erases nothing and leaves the bot running', async () => {
    const before = await rowsOf(alice);
    const answer = await deleteAccount(alice, 'nao-e-a-senha');
    expect(answer.status).toBe(403);
    expect(failureEnvelopeSchema.parse(await answer.json())).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Senha incorreta', details: { password: 'Senha incorreta' } });
    expect(rowDifferences(before, await rowsOf(alice))).toEqual([]);
    expect(bed.emulator.control.isPolling(alice.botToken)).toBe(true);
    expect(existsSync(mediaDir(alice))).toBe(true);
  }, 30_000);

  test("the right password stops the bots and erases every row, job and file of the account, nothing of another's", async () => {
    const bobBefore = await rowsOf(bob);
    expect(await jobsNaming(alice)).toBeGreaterThan(0);
    expect((await deleteAccount(alice, 'segredo1')).status).toBe(200);

    const left = Object.entries(await rowsOf(alice)).filter(([, rows]) => rows.length > 0);
    expect(left).toEqual([]);
    expect(await jobsNaming(alice)).toBe(0);
    const throttle = await bed.server.db.sql`select key from login_throttle where key like ${`%${alice.userId}%`} or key like ${`%${alice.email}`}`;
    expect(throttle.length).toBe(0);
    expect(existsSync(mediaDir(alice))).toBe(false);

    expect((await bed.server.api('/api/auth/me', { token: alice.token })).status).toBe(401);
    expect((await bed.server.api('/api/auth/refresh', { json: { refreshToken: alice.refreshToken } })).status).toBe(401);
    expect((await bed.server.api('/api/auth/login', { json: { email: alice.email, password: 'segredo1' } })).status).toBe(401);

    // The bot stopped: its long poll ended and a message to it starts none.
    await eventually('the bot to stop polling', () => !bed.emulator.control.isPolling(alice.botToken));
    const polls = bed.emulator.control.apiCalls({ token: alice.botToken, method: 'getUpdates' }).length;
    const person = bed.emulator.control.createUser({ first_name: 'Depois' });
    bed.emulator.control.sendPrivateMessage({ from: person.id, bot: alice.botToken, text: 'ainda aí?' });
    await bed.server.server.bots.flush();
    expect(bed.emulator.control.isPolling(alice.botToken)).toBe(false);
    expect(bed.emulator.control.apiCalls({ token: alice.botToken, method: 'getUpdates' }).length).toBe(polls);

    expect(rowDifferences(bobBefore, await rowsOf(bob))).toEqual([]);
    expect(bed.emulator.control.isPolling(bob.botToken)).toBe(true);
    expect(existsSync(mediaDir(bob))).toBe(true);
    expect((await bed.server.api('/api/auth/me', { token: bob.token })).status).toBe(200);
  }, 30_000);
});
