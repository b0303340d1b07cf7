/**
 * The account's full export: a streamed JSON file with the account's bots, flows, contacts, messages and the rest,
 * without any token (plain or encrypted), without another account's data, complete past one page per section,
 * and an audit line.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accountExportSchema, ACCOUNT_EXPORT_SECTIONS } from '@shared/account/data-export.ts';
import { listAuditLines } from '../audit/repository.ts';
import { PAGE_SIZE } from './repository.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { secretsOf } from '../../test-support/tenant-probe.ts';
import { startTenantPair } from '../../test-support/tenant-pair.ts';
import type { Tenant } from '../../test-support/tenant-scene.ts';
import type { TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let alice: Tenant;
let bob: Tenant;
beforeAll(async () => {
  ({ bed, alice, bob } = await startTenantPair());
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

async function download(tenant: Tenant, headers: Record<string, string> = {}) {
  const response = await bed.server.api('/api/account/export', { token: tenant.token, headers });
  return { response, text: await response.text() };
}

const idsOf = (rows: Record<string, unknown>[]) => rows.map((row) => row.id);

describe("the account's full export", () => {
  test('holds bots, flows, contacts, messages, notes, quick replies, broadcasts, funnels and pixels, never a token nor another account', async () => {
    const { response, text } = await download(alice, { 'user-agent': 'Navegador de Teste/1.0' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="canalize-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = accountExportSchema.parse(JSON.parse(text));
    expect(file.account).toMatchObject({ id: alice.userId, email: alice.email });
    expect(idsOf(file.bots)).toEqual([alice.botId]);
    expect(idsOf(file.channels)).toEqual([alice.channelId]);
    expect(file.welcomeMessages).toHaveLength(1);
    expect(idsOf(file.flows)).toEqual([alice.flowId]);
    expect(idsOf(file.flowNodes)).toEqual(expect.arrayContaining([alice.nodeId, alice.spareNodeId, alice.triggerNodeId]));
    expect(idsOf(file.flowConnections)).toEqual([alice.connectionId]);
    expect(idsOf(file.flowMessages)).toEqual([alice.messageId]);
    expect(idsOf(file.contacts)).toContain(alice.contactId);
    expect(file.messages.map((row) => row.uid)).toContain(alice.inboxMessageId);
    expect(idsOf(file.notes)).toEqual([alice.noteId]);
    expect(idsOf(file.quickReplies)).toEqual([alice.quickReplyId]);
    expect(idsOf(file.broadcasts)).toEqual([alice.broadcastId]);
    expect(idsOf(file.funnels)).toEqual([alice.funnelId]);
    expect(idsOf(file.pixels)).toEqual([alice.pixelId]);
    expect(idsOf(file.media)).toEqual([alice.mediaId]);
    expect(idsOf(file.accessPlans)).toEqual([alice.accessPlanId]);
    expect(idsOf(file.accessMembers)).toContain(alice.accessMemberId);
    expect(file.accessHistory.map((row) => row.member_id)).toContain(alice.accessMemberId);
    // The plan's generic webhook key and gateway tokens stay out, sealed or not.
    const [plan] = await bed.server.db.sql<{ secret: string }[]>`select webhook_secret_encrypted as secret from access_plans where id = ${alice.accessPlanId}`;
    expect(plan?.secret).toBeTruthy();
    expect(text).not.toContain(String(plan?.secret));
    expect(text).not.toMatch(/webhook_secret|gateway_tokens|whsec_/);

    const [stored] = await bed.server.db.sql<{ bot: string; pixel: string; preview: string }[]>`
      select b.token_encrypted as bot, p.token_encrypted as pixel, p.token_preview as preview
      from bots b, meta_pixels p where b.id = ${alice.botId} and p.id = ${alice.pixelId}`;
    for (const secret of [alice.botToken, stored?.bot, stored?.pixel, stored?.preview, `EAAB${alice.marker}`]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(String(secret));
    }
    expect(text).not.toMatch(/token_(encrypted|hash|preview)|password/);
    for (const secret of [...secretsOf(bob), bob.marker, bob.userId]) expect(text).not.toContain(secret);

    const [line] = await listAuditLines(bed.server.db.sql, alice.userId, 1);
    expect(line).toMatchObject({ actorId: alice.userId, action: 'account.export', targetType: 'account', targetId: alice.userId, userAgent: 'Navegador de Teste/1.0' });
  }, 30_000);

  test('is whole past one page per section, with ties in time, gzip-compressed when asked', async () => {
    const sql = bed.server.db.sql;
    const contacts = PAGE_SIZE * 2 + 7;
    await sql`
      insert into contacts (bot_id, telegram_id, first_name)
      select ${bob.botId}, 900000000 + n, 'Lote ' || n from generate_series(1, ${contacts}) n`;
    // Many messages at the very same instant: the page boundary falls inside a tie of created_at.
    await sql`
      insert into messages (bot_id, contact_id, chat_id, direction, text, created_at)
      select ${bob.botId}, ${bob.contactId}, 1, 'in', 'lote ' || n, timestamptz '2026-01-01 12:00:00+00' + ((n / 700) * interval '1 second')
      from generate_series(1, ${PAGE_SIZE * 3}) n`;
    const [counts] = await sql<{ contacts: number; messages: number }[]>`
      select (select count(*)::int from contacts where user_id = ${bob.userId}) as contacts,
             (select count(*)::int from messages where user_id = ${bob.userId}) as messages`;

    const { response, text } = await download(bob, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    const file = accountExportSchema.parse(JSON.parse(text));
    expect(file.contacts).toHaveLength(counts?.contacts ?? -1);
    expect(new Set(idsOf(file.contacts)).size).toBe(counts?.contacts ?? -1);
    expect(file.messages).toHaveLength(counts?.messages ?? -1);
    expect(new Set(file.messages.map((row) => row.id)).size).toBe(counts?.messages ?? -1);
    for (const section of ACCOUNT_EXPORT_SECTIONS) expect(JSON.stringify(file[section])).not.toContain(alice.marker);
  }, 60_000);

  test('without a session it is refused', async () => {
    const response = await bed.server.api('/api/account/export');
    expect(response.status).toBe(401);
  });
});
