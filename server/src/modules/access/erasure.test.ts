/**
 * A contact's erasure (LGPD) reaches their paid access (erasure-repository.ts): the accesses linked to the contact and
 * those bought with the same e-mail lose every personal value (checked table by table), while the states, the
 * charges and the webhook log's outcomes stay, and another buyer's rows are untouched.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { contactErasureResponseSchema } from '@shared/contacts/data-export.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startTenantPair } from '../../test-support/tenant-pair.ts';
import type { Tenant } from '../../test-support/tenant-scene.ts';
import { eventually, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let alice: Tenant;
beforeAll(async () => {
  ({ bed, alice } = await startTenantPair());
}, SERVER_START_TIMEOUT_MS * 2);
afterAll(() => bed.stop());

type Buyer = { tag: string; telegramId: string; contactId: string | null; email: string };

async function contactOf(tag: string) {
  const user = bed.emulator.control.createUser({ first_name: `Pessoa ${tag}` });
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: alice.botToken, text: `oi ${tag}` });
  const contact = await eventually('the contact', async () => {
    await bed.server.server.bots.flush();
    return (await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${alice.botId} and telegram_id = ${user.id}`)[0];
  });
  return { tag, telegramId: String(user.id), contactId: contact.id, email: `${tag}@exemplo.com` };
}

/** A linked access with a charge, a webhook, a history note, an invite link, a gate decision, a Stars payment, a Purchase. */
async function accessRows(planId: string, buyer: Buyer, transactionId: string, linked: boolean) {
  const sql = bed.server.db.sql;
  const id = crypto.randomUUID();
  const visitId = crypto.randomUUID();
  await sql`
    insert into funnel_visits (funnel_id, visit_id, url, last_url, fbclid, fbp, ip, user_agent)
    values (${alice.funnelId}, ${visitId}, ${`https://loja.exemplo/?fbclid=${buyer.tag}`}, '', ${`clid-${buyer.tag}`}, ${`fb.1.${buyer.tag}`}, ${`ip-${buyer.tag}`}, ${`UA-${buyer.tag}`})`;
  await sql`
    insert into access_members (id, user_id, plan_id, status, email, name, phone, telegram_id, contact_id, source, transaction_id,
      claim_code, used_claim_code, access_until, amount_cents, currency, funnel_visit_id)
    values (${id}, ${alice.userId}, ${planId}, ${linked ? 'ACTIVE' : 'AWAITING_LINK'}, ${buyer.email}, ${`Nome ${buyer.tag}`}, ${`+55 11 9${buyer.tag}`},
      ${linked ? buyer.telegramId : null}, ${linked ? buyer.contactId : null}, 'generic', ${transactionId}, ${linked ? null : `a_${buyer.tag}${transactionId}`},
      ${linked ? `a_used${buyer.tag}${transactionId}` : null}, now() + interval '10 days', 4990, 'BRL', ${visitId})`;
  await sql`
    insert into access_member_events (user_id, member_id, status, cause, detail) values
      (${alice.userId}, ${id}, 'ACTIVE', 'webhook', ${`Compra aprovada · Pix · ${transactionId}`}),
      (${alice.userId}, ${id}, 'ACTIVE', 'operator', ${`Cortesia para ${buyer.tag}`})`;
  await sql`insert into access_payments (user_id, member_id, plan_id, amount_cents, currency, transaction_id) values (${alice.userId}, ${id}, ${planId}, 4990, 'BRL', ${transactionId})`;
  const body = JSON.stringify({ event: 'purchase.approved', transactionId, buyer: { email: buyer.email, name: `Nome ${buyer.tag}` } });
  await sql`
    insert into access_webhook_events (id, user_id, plan_id, gateway, raw_body, headers, status, kind, transaction_id, email, member_id, test)
    values (${crypto.randomUUID()}, ${alice.userId}, ${planId}, 'generic', ${body}, ${sql.json({ 'user-agent': `UA-${buyer.tag}` })}, 'PROCESSED', 'approved', ${transactionId}, ${buyer.email}, ${id}, false),
      (${crypto.randomUUID()}, ${alice.userId}, ${planId}, 'generic', ${body}, '{}'::jsonb, 'NOT_PROCESSED', 'refunded', ${`${transactionId}-r`}, ${buyer.email}, null, false)`;
  await sql`
    insert into access_invite_links (user_id, member_id, bot_id, chat_id, invite_link, expires_at, used_by, used_at)
    values (${alice.userId}, ${id}, ${alice.botId}, ${alice.chatId}, ${`https://t.me/+${transactionId}${buyer.tag}`}, now(), ${buyer.telegramId}, now())`;
  await sql`
    insert into access_gate_decisions (user_id, bot_id, chat_id, telegram_id, member_id, decision, reason)
    values (${alice.userId}, ${alice.botId}, ${alice.chatId}, ${buyer.telegramId}, ${id}, 'approved', 'Possui acesso')`;
  await sql`
    insert into access_star_payments (charge_id, user_id, member_id, telegram_id, amount)
    values (${`charge-${transactionId}`}, ${alice.userId}, ${id}, ${buyer.telegramId}, 250)`;
  const payload = { event_name: 'Purchase', event_id: `purchase:generic:${transactionId}`, user_data: { em: [sha256Hex(buyer.email)], fbp: `fb.1.${buyer.tag}` } };
  await sql`
    insert into pixel_events (user_id, pixel_id, event_name, event_id, event_time, payload, status)
    values (${alice.userId}, ${alice.pixelId}, 'Purchase', ${`purchase:generic:${transactionId}`}, now(), ${sql.json(payload)}, ${linked ? 'sent' : 'pending'})`;
  return id;
}

/** Every access row that still names the buyer. */
async function leftovers(buyer: Buyer) {
  const sql = bed.server.db.sql;
  const like = `%${buyer.tag}%`;
  const [row] = await sql<Record<string, number>[]>`
    select
      (select count(*) from access_members where concat_ws(' ', email, name, phone, claim_code, used_claim_code) like ${like}
         or telegram_id = ${buyer.telegramId} or contact_id = ${buyer.contactId})::int as members,
      (select count(*) from access_member_events where detail like ${like})::int as history,
      (select count(*) from access_webhook_events where concat_ws(' ', raw_body, headers::text, email) like ${like})::int as webhooks,
      (select count(*) from access_invite_links where used_by = ${buyer.telegramId} or invite_link like ${like})::int as invite_links,
      (select count(*) from access_gate_decisions where telegram_id = ${buyer.telegramId})::int as gate,
      (select count(*) from access_star_payments where telegram_id = ${buyer.telegramId})::int as stars,
      (select count(*) from pixel_events where payload::text like ${like} or payload::text like ${`%${sha256Hex(buyer.email)}%`})::int as pixel,
      (select count(*) from funnel_visits where concat_ws(' ', url, fbclid, fbp, ip, user_agent) like ${like})::int as visits`;
  return Object.entries(row ?? {}).filter(([, count]) => count > 0);
}

test("the contact's erasure anonymises their accesses (and those under their e-mail), keeping states, revenue and the webhook log", async () => {
  const sql = bed.server.db.sql;
  const planId = crypto.randomUUID();
  await sql`insert into access_plans (id, user_id, bot_id, name, webhook_secret_encrypted) values (${planId}, ${alice.userId}, ${alice.botId}, 'VIP', 'x')`;
  const gone = await contactOf(`apaga${crypto.randomUUID().slice(0, 6)}`);
  const kept = await contactOf(`fica${crypto.randomUUID().slice(0, 6)}`);
  await accessRows(planId, gone, 'tx-linked', true);
  await accessRows(planId, { ...gone, contactId: null }, 'tx-email', false);
  await accessRows(planId, kept, 'tx-other', true);
  const figures = () => sql`
    select (select coalesce(sum(amount_cents), 0)::int from access_payments where plan_id = ${planId}) as revenue,
      (select string_agg(status || ':' || coalesce(transaction_id, ''), ',' order by transaction_id) from access_members where plan_id = ${planId}) as accesses,
      (select string_agg(status || ':' || kind, ',' order by transaction_id) from access_webhook_events where plan_id = ${planId}) as webhooks,
      (select count(*)::int from access_member_events e join access_members m on m.id = e.member_id where m.plan_id = ${planId}) as history,
      (select coalesce(sum(amount), 0)::int from access_star_payments where user_id = ${alice.userId}) as stars`;
  const before = await figures();
  expect((await leftovers(gone)).length).toBe(8);

  const response = await bed.server.api(`/api/contacts/${gone.contactId}/data`, { method: 'DELETE', token: alice.token, headers: { 'user-agent': 'Teste/1.0' } });
  expect(response.status).toBe(200);
  expect(contactErasureResponseSchema.parse(await response.json()).data.erased.accesses).toBe(2);

  expect(await leftovers(gone)).toEqual([]);
  expect(await figures()).toEqual(before);
  const details = await sql<{ detail: string }[]>`
    select e.detail from access_member_events e join access_members m on m.id = e.member_id
    where m.plan_id = ${planId} and m.transaction_id = 'tx-linked' and e.detail is not null`;
  expect(details.map((row) => row.detail)).toEqual(['Compra aprovada · Pix · tx-linked']);
  expect((await leftovers(kept)).map(([table]) => table)).toEqual(['members', 'history', 'webhooks', 'invite_links', 'gate', 'stars', 'pixel', 'visits']);
}, 60_000);
