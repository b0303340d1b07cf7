/**
 * What the "Acesso pago" triggers read and write (docs/product.md#acessos): the access as a flow sees it (plan, end,
 * the buyer's contact), and the reminders the expiry sweep fires, each recorded once per access, reminder and
 * access_until. Every statement is scoped by the access's workspace or by the rows it inserts.
 */
import type { AccessStatus } from '@shared/access/texts.ts';
import type { Queryable } from '../../../db/client.ts';

export type EventTarget = {
  id: string;
  userId: string;
  botId: string;
  planId: string;
  planName: string;
  status: AccessStatus;
  telegramId: bigint | null;
  accessUntil: Date | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  phoneNumber: string | null;
};

export async function eventTarget(sql: Queryable, userId: string, memberId: string): Promise<EventTarget | undefined> {
  const [row] = await sql<EventTarget[]>`
    select m.id, m.user_id as "userId", p.bot_id as "botId", p.id as "planId", p.name as "planName", m.status,
      m.telegram_id as "telegramId", m.access_until as "accessUntil", m.name,
      c.first_name as "firstName", c.last_name as "lastName", c.username, c.phone_number as "phoneNumber"
    from access_members m join access_plans p on p.id = m.plan_id
    left join contacts c on c.bot_id = p.bot_id and c.telegram_id = m.telegram_id
    where m.id = ${memberId} and m.user_id = ${userId}`;
  return row;
}

/**
 * The bots among `botIds` with an enabled flow holding an "Acesso pago" trigger of `event` (a trigger without an
 * event is the default, "expira em 3 dias"): the sweep's events are written for those only.
 */
export async function botsListening(sql: Queryable, botIds: string[], event: string): Promise<Set<string>> {
  if (botIds.length === 0) return new Set();
  const rows = await sql<{ botId: string }[]>`
    select distinct f.bot_id as "botId" from flows f join flow_nodes n on n.flow_id = f.id
    where f.bot_id = any(${[...new Set(botIds)]}::uuid[]) and f.enabled and n.sub_type = 'trigger_access'
      and coalesce(n.config->>'event', 'expires_in_3_days') = ${event}`;
  return new Set(rows.map((row) => row.botId));
}

export type DueReminder = { id: string; userId: string; botId: string; telegramId: bigint; event: 'expires_in_3_days' | 'expires_tomorrow'; accessUntil: Date };

/**
 * Up to `limit` reminders due now, recorded as sent: a holding access with a Telegram account whose end is within 3
 * days ("expira em 3 dias") or within 1 day ("expira amanhã"), not reminded of it for this access_until yet, whose
 * bot has an enabled flow with that trigger (a flow written during the window still reaches the accesses in it).
 * Only the reminder of the current window: an access granted 20 hours before its end gets "expira amanhã" alone.
 * Two sweeps at once: the second waits on the first's rows and inserts nothing.
 */
export async function claimDueReminders(sql: Queryable, limit: number): Promise<DueReminder[]> {
  return sql<DueReminder[]>`
    with due as (
      select m.id, m.user_id, p.bot_id, m.telegram_id, m.access_until, w.event
      from access_members m join access_plans p on p.id = m.plan_id
      cross join lateral (select case when m.access_until <= now() + interval '1 day' then 'expires_tomorrow' else 'expires_in_3_days' end as event) w
      where m.status in ('ACTIVE', 'CANCELED') and m.telegram_id is not null
        and m.access_until > now() and m.access_until <= now() + interval '3 days'
        and not exists (select 1 from access_reminders r where r.member_id = m.id and r.event = w.event and r.access_until = m.access_until)
        and exists (
          select 1 from flows f join flow_nodes n on n.flow_id = f.id
          where f.bot_id = p.bot_id and f.enabled and n.sub_type = 'trigger_access' and coalesce(n.config->>'event', 'expires_in_3_days') = w.event)
      order by m.access_until, m.id
      limit ${limit}
    ), sent as (
      insert into access_reminders (member_id, user_id, event, access_until)
      select id, user_id, event, access_until from due
      on conflict do nothing
      returning member_id, event
    )
    select due.id, due.user_id as "userId", due.bot_id as "botId", due.telegram_id as "telegramId", due.event, due.access_until as "accessUntil"
    from due join sent on sent.member_id = due.id and sent.event = due.event`;
}
