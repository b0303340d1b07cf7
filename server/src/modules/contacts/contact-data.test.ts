/**
 * A contact's data on request (LGPD): the export holds everything about that contact and nothing of another; the
 * erasure removes it from every table (checked by SQL, table by table), leaves the other contacts and the totals
 * alone, and both write an audit line without personal data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { contactErasureResponseSchema, contactExportSchema } from '@shared/contacts/data-export.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { listAuditLines } from '../audit/repository.ts';
import { contactPersonalRows, type PersonRef } from '../../test-support/contact-personal-rows.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTenantPair } from '../../test-support/tenant-pair.ts';
import type { Tenant } from '../../test-support/tenant-scene.ts';
import { eventually, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let alice: Tenant;
let bob: Tenant;
beforeAll(async () => {
  ({ bed, alice, bob } = await startTenantPair());
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

/** A person writing `text` to the tenant's bot, with personal rows in every other table. */
async function person(tenant: Tenant, tag: string): Promise<PersonRef> {
  const user = bed.emulator.control.createUser({ first_name: `Pessoa ${tag}` });
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: tenant.botToken, text: `segredo ${tag}` });
  const contact = await eventually('the contact and its message', async () => {
    await bed.server.server.bots.flush();
    const rows = await bed.server.db.sql<{ id: string }[]>`
      select c.id from contacts c join messages m on m.contact_id = c.id
      where c.bot_id = ${tenant.botId} and c.telegram_id = ${user.id} and m.text = ${`segredo ${tag}`}`;
    return rows[0];
  });
  const ref = { id: contact.id, telegramId: String(user.id), tag };
  await contactPersonalRows(bed.server.db.sql, tenant, ref);
  return ref;
}

const browser = { 'user-agent': 'Navegador de Teste/1.0' };

async function exportOf(tenant: Tenant, contactId: string) {
  const response = await bed.server.api(`/api/contacts/${contactId}/export`, { token: tenant.token, headers: browser });
  return { response, text: await response.text() };
}

/** Every row that still names the person, table by table (empty when the erasure is complete). */
async function leftovers(tenant: Tenant, ref: PersonRef) {
  const sql = bed.server.db.sql;
  const [row] = await sql<Record<string, number>[]>`
    select
      (select count(*) from contacts where id = ${ref.id} or (bot_id = ${tenant.botId} and telegram_id = ${ref.telegramId}))::int as contacts,
      (select count(*) from messages where contact_id = ${ref.id} or text like ${`%${ref.tag}%`})::int as messages,
      (select count(*) from conversations where contact_id = ${ref.id})::int as conversations,
      (select count(*) from conversation_notes where contact_id = ${ref.id} or text like ${`%${ref.tag}%`})::int as notes,
      (select count(*) from funnel_entries where contact_id = ${ref.id})::int as funnel_entries,
      (select count(*) from funnel_join_requests where telegram_user_id = ${ref.telegramId})::int as join_requests,
      (select count(*) from channel_member_events where telegram_user_id = ${ref.telegramId})::int as memberships,
      (select count(*) from delivery_failures where telegram_user_id = ${ref.telegramId})::int as delivery_failures,
      (select count(*) from broadcast_recipients where telegram_id = ${ref.telegramId} or contact_id = ${ref.id})::int as broadcast_recipients,
      (select count(*) from flow_executions where contact_telegram_id = ${ref.telegramId} or variables::text like ${`%${ref.tag}%`})::int as flow_runs,
      (select count(*) from pixel_events where payload::text like ${`%${ref.tag}%`} or payload::text like ${`%${sha256Hex(ref.telegramId)}%`}
         or event_id like ${`%:${ref.telegramId}:%`})::int as pixel_events,
      (select count(*) from funnel_visits where concat_ws(' ', url, fbclid, fbp, fbc, ip, user_agent) like ${`%${ref.tag}%`})::int as funnel_visits,
      (select count(*) from sync_field_changes where row_id = ${ref.id})::int as field_changes,
      (select count(*) from jobs where payload::text like ${`%${ref.tag}%`})::int as jobs`;
  return Object.entries(row ?? {}).filter(([, count]) => count > 0);
}

describe("a contact's data on request (LGPD)", () => {
  test('the export holds the contact, its messages, funnel entries, pixel events and the rest, and nothing of another contact', async () => {
    const [one, other] = [await person(alice, `um${crypto.randomUUID().slice(0, 6)}`), await person(alice, `dois${crypto.randomUUID().slice(0, 6)}`)];
    const { response, text } = await exportOf(alice, one.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="contato-${one.id}.json"`);
    const file = contactExportSchema.parse(JSON.parse(text));
    expect(file.contact).toMatchObject({ id: one.id, telegramId: one.telegramId, firstName: `Pessoa ${one.tag}` });
    expect(file.messages.map((message) => message.text)).toContain(`segredo ${one.tag}`);
    expect(file.notes).toEqual([expect.objectContaining({ text: `nota ${one.tag}`, authorId: alice.userId, authorName: expect.any(String) })]);
    expect(file.funnelEntries).toEqual([expect.objectContaining({ funnelId: alice.funnelId, visit: expect.objectContaining({ ip: `ip-${one.tag}`, fbp: `fb.1.${one.tag}` }) })]);
    expect(file.joinRequests).toHaveLength(1);
    expect(file.pixelEvents.map((event) => event.eventName).sort()).toEqual(['enter_channel', 'left_channel']);
    expect(file.flowRuns.length).toBeGreaterThan(0);
    expect(file.broadcasts).toEqual([expect.objectContaining({ broadcastId: alice.broadcastId, status: 'sent' })]);
    expect(file.memberships).toHaveLength(1);
    expect(file.deliveryFailures).toHaveLength(1);
    expect(text).not.toContain(other.tag);
    expect(text).not.toContain(other.telegramId);

    const [line] = await listAuditLines(bed.server.db.sql, alice.userId, 1);
    expect(line).toMatchObject({ actorId: alice.userId, action: 'contact.export', targetType: 'contact', targetId: one.id, userAgent: 'Navegador de Teste/1.0' });
    expect(line?.clientAddress).toBeTruthy();
  }, 30_000);

  test('another account, or an id nobody holds, gets a 404 and no audit line', async () => {
    const before = await listAuditLines(bed.server.db.sql, bob.userId, 50);
    for (const id of [alice.contactId, crypto.randomUUID(), 'nao-e-um-id']) {
      expect((await exportOf(bob, id)).response.status).toBe(404);
      const erase = await bed.server.api(`/api/contacts/${id}/data`, { method: 'DELETE', token: bob.token });
      expect(erase.status).toBe(404);
    }
    expect(await listAuditLines(bed.server.db.sql, bob.userId, 50)).toEqual(before);
  });

  test('the erasure removes the contact from every table, keeps the totals and other contacts, and writes its audit line', async () => {
    const [gone, kept] = [await person(alice, `tres${crypto.randomUUID().slice(0, 6)}`), await person(alice, `quatro${crypto.randomUUID().slice(0, 6)}`)];
    const sql = bed.server.db.sql;
    const totals = () => sql`
      select (select coalesce(sum(messages_received + funnel_entries), 0)::int from activity_counts where user_id = ${alice.userId}) as activity,
             (select count(*)::int from broadcast_recipients where broadcast_id = ${alice.broadcastId}) as recipients,
             (select count(*)::int from funnel_events where funnel_id = ${alice.funnelId}) as funnel_events`;
    const before = await totals();
    expect((await leftovers(alice, gone)).map(([table]) => table)).toContain('jobs');

    const response = await bed.server.api(`/api/contacts/${gone.id}/data`, { method: 'DELETE', token: alice.token, headers: browser });
    expect(response.status).toBe(200);
    const { erased } = contactErasureResponseSchema.parse(await response.json()).data;
    expect(erased).toMatchObject({ notes: 1, funnelEntries: 1, joinRequests: 1, pixelEvents: 2, funnelVisits: 1, broadcastRecipients: 1, memberships: 1, deliveryFailures: 1 });
    expect(erased.messages).toBeGreaterThan(0);

    expect(await leftovers(alice, gone)).toEqual([]);
    expect(await totals()).toEqual(before);
    const [sentEvent] = await sql<{ status: string; payload: unknown }[]>`
      select status, payload from pixel_events where pixel_id = ${alice.pixelId} and event_id like 'erased:%'`;
    expect(sentEvent).toEqual({ status: 'sent', payload: { event_name: 'enter_channel', user_data: {} } });
    expect((await exportOf(alice, gone.id)).response.status).toBe(404);

    const [line] = await listAuditLines(sql, alice.userId, 1);
    expect(line).toMatchObject({ actorId: alice.userId, action: 'contact.erase', targetType: 'contact', targetId: gone.id, detail: { botId: alice.botId, ...erased } });
    const written = JSON.stringify(line, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    expect(written).not.toContain(gone.telegramId);
    expect(written).not.toContain(gone.tag);

    const keptRows = await leftovers(alice, kept);
    expect(keptRows.map(([table]) => table)).toEqual(expect.arrayContaining(['contacts', 'messages', 'funnel_entries', 'pixel_events', 'funnel_visits']));
    expect(contactExportSchema.parse(JSON.parse((await exportOf(alice, kept.id)).text)).messages.length).toBeGreaterThan(0);
  }, 30_000);
});
