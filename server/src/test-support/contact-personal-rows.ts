/**
 * Rows about one contact in every table that holds personal data beside its messages: a landing-page visit and the
 * funnel entry it led to, a join request, a join, a failed welcome, a broadcast delivery and two Conversions API
 * events (one sent, one waiting), and an internal note of the team. `tag` marks every personal value so a test can look for it anywhere.
 */
import { sha256Hex } from '../lib/crypto.ts';
import type { Queryable } from '../db/client.ts';
import type { Tenant } from './tenant-scene.ts';

export type PersonRef = { id: string; telegramId: string; tag: string };

export async function contactPersonalRows(sql: Queryable, tenant: Tenant, person: PersonRef) {
  const visitId = crypto.randomUUID();
  const { tag, telegramId } = person;
  await sql`
    insert into funnel_visits (funnel_id, visit_id, url, last_url, referrer, utm_source, fbclid, fbp, fbc, ip, user_agent)
    values (${tenant.funnelId}, ${visitId}, ${`https://loja.exemplo/?fbclid=${tag}&utm_source=insta`}, '', null, 'insta',
            ${`clid-${tag}`}, ${`fb.1.${tag}`}, ${`fbc.${tag}`}, ${`ip-${tag}`}, ${`UA-${tag}`})`;
  await sql`
    insert into conversation_notes (id, user_id, contact_id, bot_id, author_id, text)
    values (${crypto.randomUUID()}, ${tenant.userId}, ${person.id}, ${tenant.botId}, ${tenant.userId}, ${`nota ${tag}`})`;
  await sql`insert into funnel_entries (funnel_id, contact_id, visit_id, entered_at) values (${tenant.funnelId}, ${person.id}, ${visitId}, now())`;
  await sql`
    insert into funnel_join_requests (bot_id, chat_id, telegram_user_id, funnel_id, visit_id)
    values (${tenant.botId}, ${tenant.chatId}, ${telegramId}, ${tenant.funnelId}, ${visitId})`;
  await sql`
    insert into channel_member_events (user_id, bot_id, chat_id, telegram_user_id, kind, occurred_at)
    values (${tenant.userId}, ${tenant.botId}, ${tenant.chatId}, ${telegramId}, 'join', now())`;
  await sql`
    insert into delivery_failures (bot_id, channel_id, telegram_user_id, purpose, description)
    values (${tenant.botId}, ${tenant.channelId}, ${telegramId}, 'welcome', ${`Forbidden: ${tag}`})`;
  await sql`
    insert into broadcast_recipients (broadcast_id, telegram_id, contact_id, status)
    values (${tenant.broadcastId}, ${telegramId}, ${person.id}, 'sent')`;
  const userData = { external_id: sha256Hex(telegramId), fbp: `fb.1.${tag}`, client_ip_address: `ip-${tag}`, client_user_agent: `UA-${tag}` };
  for (const [name, status] of [['enter_channel', 'sent'], ['left_channel', 'pending']] as const) {
    const eventId = `${name}:${tenant.funnelId}:${telegramId}:1700000000`;
    const payload = { event_name: name, event_id: eventId, event_source_url: `https://loja.exemplo/?fbclid=${tag}`, user_data: userData };
    await sql`
      insert into pixel_events (user_id, pixel_id, event_name, event_id, event_time, payload, status)
      values (${tenant.userId}, ${tenant.pixelId}, ${name}, ${eventId}, now(), ${sql.json(payload)}, ${status})`;
  }
}
