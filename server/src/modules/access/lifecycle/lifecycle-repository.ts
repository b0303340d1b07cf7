/**
 * The access lifecycle's statements (docs/decisions.md#paid-access): the expiry sweep, which moves due accesses in
 * batches (ACTIVE → GRACE → EXPIRED; an unclaimed purchase past its end → EXPIRED), and what a removal job reads and
 * writes. Every statement is scoped by the access's workspace or by the rows the sweep locked.
 */
import type { AccessStatus } from '@shared/access/texts.ts';
import type { Queryable } from '../../../db/client.ts';
import { jsonb } from '../../../db/json.ts';

export type MovedAccess = {
  id: string; userId: string; botId: string; planId: string; email: string | null; telegramId: bigint | null; status: AccessStatus; accessUntil: Date | null;
};

/**
 * Up to `limit` accesses whose time is up, moved one step and locked (SKIP LOCKED: two instances sweeping at once
 * take different rows): ACTIVE past access_until → GRACE while the plan's grace lasts, else EXPIRED; GRACE past
 * its grace → EXPIRED; AWAITING_LINK past access_until → EXPIRED.
 */
export async function moveDue(sql: Queryable, limit: number): Promise<MovedAccess[]> {
  return sql<MovedAccess[]>`
    with due as (
      select m.id, case
          when m.status = 'ACTIVE' and m.access_until + make_interval(days => p.grace_days) > now() then 'GRACE'
          else 'EXPIRED' end as next
      from access_members m join access_plans p on p.id = m.plan_id
      where m.status in ('ACTIVE', 'GRACE', 'AWAITING_LINK') and m.access_until <= now()
        and (m.status <> 'GRACE' or m.access_until + make_interval(days => p.grace_days) <= now())
      order by m.access_until, m.id
      limit ${limit}
      for update of m skip locked
    )
    update access_members m set status = due.next, updated_at = now()
    from due, access_plans p
    where m.id = due.id and p.id = m.plan_id
    returning m.id, m.user_id as "userId", p.bot_id as "botId", m.plan_id as "planId", m.email, m.telegram_id as "telegramId", m.status, m.access_until as "accessUntil"`;
}

/** One history line per moved access (cause 'schedule'); answers each line's id by access. */
export async function recordMoves(sql: Queryable, moved: MovedAccess[]): Promise<Map<string, string>> {
  if (moved.length === 0) return new Map();
  const wire = moved.map((row) => ({
    user_id: row.userId, member_id: row.id, status: row.status, access_until: row.accessUntil?.toISOString() ?? null,
    detail: row.status === 'GRACE' ? 'Prazo encerrado: em carência' : 'Acesso expirado',
  }));
  const rows = await sql<{ id: string; memberId: string }[]>`
    insert into access_member_events (user_id, member_id, status, cause, access_until, detail)
    select r.user_id, r.member_id, r.status, 'schedule', r.access_until, r.detail
    from jsonb_to_recordset(${jsonb(sql, wire)}) as r(user_id uuid, member_id uuid, status text, access_until timestamptz, detail text)
    returning id, member_id as "memberId"`;
  return new Map(rows.map((row) => [row.memberId, row.id]));
}

export type RemovalTarget = {
  id: string;
  userId: string;
  botId: string;
  status: AccessStatus;
  accessUntil: Date | null;
  telegramId: bigint | null;
  chats: Array<{ chatId: bigint; title: string }>;
};

/** The access as a removal job finds it now, with the chats of its plan. */
export async function removalTarget(sql: Queryable, userId: string, memberId: string): Promise<RemovalTarget | undefined> {
  const [row] = await sql<Omit<RemovalTarget, 'chats'>[]>`
    select m.id, m.user_id as "userId", p.bot_id as "botId", m.status, m.access_until as "accessUntil", m.telegram_id as "telegramId"
    from access_members m join access_plans p on p.id = m.plan_id
    where m.id = ${memberId} and m.user_id = ${userId}`;
  if (!row) return undefined;
  const chats = await sql<Array<{ chatId: bigint; title: string }>>`
    select c.chat_id as "chatId", c.title from access_members m
    join access_plan_channels pc on pc.plan_id = m.plan_id join channels c on c.id = pc.channel_id
    where m.id = ${memberId} and m.user_id = ${userId} order by c.chat_id`;
  return { ...row, chats };
}

/** The removal's history line (cause 'telegram'); the status stays what ended the access. */
export async function recordRemoval(sql: Queryable, target: RemovalTarget, detail: string) {
  await sql`
    insert into access_member_events (user_id, member_id, status, cause, access_until, detail)
    values (${target.userId}, ${target.id}, ${target.status}, 'telegram', ${target.accessUntil}, ${detail})`;
}
