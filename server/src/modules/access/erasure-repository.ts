/**
 * A person's paid access under the contact's LGPD erasure (contacts/data-service.ts), in its transaction
 * (docs/decisions.md#paid-access). The person's accesses are those linked to the contact or to its Telegram account on
 * the contact's bot, and every other access of the workspace bought with one of their e-mails.
 * What identifies the person goes: the access's e-mail, name, phone, Telegram account and claim codes; the raw
 * deliveries and headers of their purchases; operator notes and any history line naming them; the invite links
 * issued to them and the gate's decisions about their account; the Telegram account of their Stars payments; the
 * customer data of their Purchase events and the identifiers of the funnel visit that brought them.
 * What feeds the operator's reports stays: each access's plan, status, dates, source, gateway transaction and
 * amount, its history's states and causes, the charges (revenue) and the webhook log's outcomes. An access left
 * without its Telegram account can no longer be recognised by the gate or removed by the bot.
 */
import type { Queryable } from '../../db/client.ts';

export type ErasedPerson = { id: string; botId: string; telegramId: bigint };

type Access = { id: string; email: string | null; name: string | null; phone: string | null };

const likeAny = (values: (string | null)[]) =>
  [...new Set(values.filter((value): value is string => value !== null && value.trim().length >= 3))]
    .map((value) => `%${value.replace(/[\\%_]/g, '\\$&')}%`);

/** Answers how many accesses lost their person. */
export async function eraseContactAccess(sql: Queryable, userId: string, person: ErasedPerson): Promise<number> {
  const telegramId = person.telegramId.toString();
  await sql`delete from access_gate_decisions where bot_id = ${person.botId} and telegram_id = ${telegramId}`;
  await sql`update access_invite_links set used_by = null where bot_id = ${person.botId} and used_by = ${telegramId}`;
  const accesses = await personAccesses(sql, userId, person);
  if (accesses.length === 0) return 0;
  const ids = accesses.map((access) => access.id);
  const emails = [...new Set(accesses.flatMap((access) => (access.email ? [access.email.toLowerCase()] : [])))];
  const naming = likeAny([telegramId, ...accesses.flatMap((access) => [access.email, access.name, access.phone])]);
  await sql`delete from access_invite_links where member_id = any(${ids}::uuid[])`;
  await sql`update access_star_payments set telegram_id = 0 where member_id = any(${ids}::uuid[])`;
  await sql`
    update access_webhook_events set raw_body = '', headers = '{}'::jsonb, email = null
    where user_id = ${userId} and (member_id = any(${ids}::uuid[]) or lower(email) = any(${emails}::text[]))`;
  await sql`
    update access_member_events set detail = null
    where member_id = any(${ids}::uuid[]) and detail is not null and (cause = 'operator' or detail ilike any(${naming}::text[]))`;
  await scrubPurchaseTraces(sql, userId, ids);
  await sql`
    update access_members set email = null, name = null, phone = null, telegram_id = null, contact_id = null,
      claim_code = null, claim_expires_at = null, used_claim_code = null, updated_at = now()
    where id = any(${ids}::uuid[])`;
  return ids.length;
}

/** Locked: a webhook or the sweep changing one of them waits for the erasure. */
async function personAccesses(sql: Queryable, userId: string, person: ErasedPerson) {
  const linked = await sql<Access[]>`
    select m.id, m.email, m.name, m.phone from access_members m join access_plans p on p.id = m.plan_id
    where m.user_id = ${userId} and (m.contact_id = ${person.id} or (p.bot_id = ${person.botId} and m.telegram_id = ${person.telegramId.toString()}))
    for update of m`;
  const emails = [...new Set(linked.flatMap((access) => (access.email ? [access.email.toLowerCase()] : [])))];
  if (emails.length === 0) return linked;
  const sameEmail = await sql<Access[]>`
    select m.id, m.email, m.name, m.phone from access_members m
    where m.user_id = ${userId} and lower(m.email) = any(${emails}::text[]) and not (m.id = any(${linked.map((access) => access.id)}::uuid[]))
    for update of m`;
  return [...linked, ...sameEmail];
}

/**
 * The Purchase events of their charges (`purchase:<gateway>:<transaction>`): unsent ones are dropped, sent ones keep
 * their name, time and status without customer data; the funnel visits they came through lose the browser's traces.
 */
async function scrubPurchaseTraces(sql: Queryable, userId: string, ids: string[]) {
  const eventIds = sql`
    select 'purchase:' || m.source || ':' || m.transaction_id from access_members m where m.id = any(${ids}::uuid[]) and m.transaction_id is not null
    union
    select 'purchase:' || m.source || ':' || c.transaction_id from access_payments c join access_members m on m.id = c.member_id
    where c.member_id = any(${ids}::uuid[]) and c.transaction_id is not null`;
  const ours = sql`e.pixel_id in (select id from meta_pixels where user_id = ${userId}) and e.event_id in (${eventIds})`;
  await sql`delete from pixel_events e where ${ours} and e.status = 'pending'`;
  await sql`
    update pixel_events e set payload = (e.payload - 'event_source_url' - 'event_id') || jsonb_build_object('user_data', '{}'::jsonb),
      event_id = 'erased:' || e.id::text
    where ${ours}`;
  await sql`
    update funnel_visits v set fbclid = null, fbp = null, fbc = null, ip = null, user_agent = null, invite_link = null,
      url = split_part(v.url, '?', 1), last_url = split_part(v.last_url, '?', 1), referrer = split_part(v.referrer, '?', 1)
    where v.funnel_id in (select id from funnels where user_id = ${userId})
      and v.visit_id in (select funnel_visit_id from access_members where id = any(${ids}::uuid[]) and funnel_visit_id is not null)`;
}
