/**
 * Access member queries, always scoped by the workspace (`user_id`), and the history of each access. Status changes
 * go through `changeStatus`, which writes the row and its history line in one statement pair of the caller's
 * transaction.
 */
import type { AccessCause, AccessSource, AccessStatus } from '@shared/access/texts.ts';
import type { AccessMemberExportQuery, AccessMemberListQuery } from '@shared/access/members.ts';
import type { Queryable } from '../../db/client.ts';

export type MemberRow = {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  botUsername: string;
  botId: string;
  status: AccessStatus;
  email: string | null;
  name: string | null;
  phone: string | null;
  telegramId: bigint | null;
  contactId: string | null;
  source: AccessSource;
  transactionId: string | null;
  subscriptionId: string | null;
  claimCode: string | null;
  claimExpiresAt: Date | null;
  accessUntil: Date | null;
  amountCents: number | null;
  currency: string | null;
  createdAt: Date;
};

export type EventRow = { memberId: string; status: AccessStatus; cause: AccessCause; accessUntil: Date | null; detail: string | null; actorName: string | null; createdAt: Date };

const columns = (sql: Queryable) => sql`
  m.id, m.user_id as "userId", m.plan_id as "planId", p.name as "planName", b.username as "botUsername", p.bot_id as "botId", m.status, m.email,
  m.name, m.phone, m.telegram_id as "telegramId", m.contact_id as "contactId", m.source, m.transaction_id as "transactionId",
  m.subscription_id as "subscriptionId", m.claim_code as "claimCode", m.claim_expires_at as "claimExpiresAt",
  m.access_until as "accessUntil", m.amount_cents as "amountCents", m.currency, m.created_at as "createdAt"`;

const from = (sql: Queryable) => sql`access_members m join access_plans p on p.id = m.plan_id join bots b on b.id = p.bot_id`;

export async function findMember(sql: Queryable, userId: string, memberId: string) {
  const rows = await sql<MemberRow[]>`select ${columns(sql)} from ${from(sql)} where m.id = ${memberId} and m.user_id = ${userId}`;
  return rows[0];
}

/** Locks the row for a status change (a webhook and an operator at once: one waits for the other). */
export async function lockMember(sql: Queryable, userId: string, memberId: string) {
  const rows = await sql<MemberRow[]>`
    select ${columns(sql)} from ${from(sql)} where m.id = ${memberId} and m.user_id = ${userId} for update of m`;
  return rows[0];
}

/**
 * The plan's access for a gateway subscription, else its transaction, else the buyer's e-mail, newest first
 * (renewals, refunds find it), locked. Each key is its own index lookup joined by UNION ALL rather than one OR: an
 * OR over the plan's rows lets PostgreSQL pick "every access of the plan, filtered" whenever its statistics are thin
 * (a new or fast-growing table), and a cached generic plan keeps that choice for the connection's life; a lookup
 * per key has one reasonable plan whatever the statistics say.
 */
export async function findByPurchase(sql: Queryable, planId: string, keys: { transactionId?: string | undefined; subscriptionId?: string | undefined; email?: string | undefined }) {
  const lookups = [
    keys.subscriptionId && sql`(select id, 1 as rank from access_members where plan_id = ${planId} and subscription_id = ${keys.subscriptionId}
      order by (transaction_id is not distinct from ${keys.transactionId ?? null}) desc, created_at desc limit 1)`,
    keys.transactionId && sql`(select id, 2 as rank from access_members where plan_id = ${planId} and transaction_id = ${keys.transactionId}
      order by created_at desc limit 1)`,
    keys.email && sql`(select id, 3 as rank from access_members where plan_id = ${planId} and lower(email) = ${keys.email}
      order by created_at desc limit 1)`,
  ].filter((lookup) => !!lookup);
  if (lookups.length === 0) return undefined;
  const union = lookups.reduce((all, lookup) => sql`${all} union all ${lookup}`);
  const rows = await sql<MemberRow[]>`
    select ${columns(sql)} from ${from(sql)}
    where m.id = (select id from (${union}) k order by rank limit 1)
    for update of m`;
  return rows[0];
}

type MemberFilters = Omit<AccessMemberListQuery, 'page' | 'limit'>;

function filters(sql: Queryable, userId: string, query: MemberFilters) {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return sql`
    m.user_id = ${userId}
    ${query.planId ? sql`and m.plan_id = ${query.planId}` : sql``}
    ${query.status ? sql`and m.status = ${query.status}` : sql``}
    ${query.contactId ? sql`and m.contact_id = ${query.contactId}` : sql``}
    ${query.expiringInDays ? sql`and m.status in ('ACTIVE', 'GRACE') and m.access_until < now() + make_interval(days => ${query.expiringInDays})` : sql``}
    ${search ? sql`and (m.email ilike ${search} or m.name ilike ${search} or m.telegram_id::text like ${search} or m.transaction_id ilike ${search})` : sql``}`;
}

export async function listMembers(sql: Queryable, userId: string, query: AccessMemberListQuery) {
  const where = filters(sql, userId, query);
  const [rows, [total]] = await Promise.all([
    sql<MemberRow[]>`
      select ${columns(sql)} from ${from(sql)} where ${where}
      order by m.created_at desc, m.id limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    sql<{ count: number }[]>`select count(*)::int as count from access_members m where ${filters(sql, userId, query)}`,
  ]);
  return { rows, total: total?.count ?? 0 };
}

/**
 * One batch of the CSV export, newest first, after the row `after` (keyset: a long export never skips or repeats).
 * Ordered by the creation time in milliseconds, the precision a JavaScript Date carries back as the next key.
 */
export function exportBatch(sql: Queryable, userId: string, query: AccessMemberExportQuery, after: { createdAt: Date; id: string } | null, limit: number) {
  const createdMs = sql`date_trunc('milliseconds', m.created_at)`;
  return sql<MemberRow[]>`
    select ${columns(sql)} from ${from(sql)} where ${filters(sql, userId, query)}
    ${after ? sql`and (${createdMs}, m.id) < (${after.createdAt}, ${after.id}::uuid)` : sql``}
    order by ${createdMs} desc, m.id desc limit ${limit}`;
}

export function historyOf(sql: Queryable, memberIds: string[]) {
  return sql<EventRow[]>`
    select e.member_id as "memberId", e.status, e.cause, e.access_until as "accessUntil", e.detail, u.name as "actorName", e.created_at as "createdAt"
    from access_member_events e left join users u on u.id = e.actor_id
    where e.member_id = any(${memberIds}::uuid[]) order by e.created_at, e.id`;
}

/** A new access as written: the row's own columns (the plan's and bot's come from joins), a number for the Telegram id. */
export type NewMember = Pick<MemberRow,
  'id' | 'planId' | 'status' | 'email' | 'name' | 'phone' | 'source' | 'transactionId' | 'subscriptionId' | 'claimCode' | 'claimExpiresAt'
  | 'accessUntil' | 'amountCents' | 'currency'> & { telegramId: number | null; funnelVisitId: string | null };

export type NewPayment = { amountCents: number; currency: string; transactionId: string | null };

/**
 * A new access with its first history line and, for a paid charge, its payment: one statement (a purchase is
 * answered after its commit, and each statement is a round trip on its connection). Answers the history line's id.
 */
export async function insertMember(sql: Queryable, userId: string, member: NewMember, first: Change, payment: NewPayment | null): Promise<string> {
  const [row] = await sql<{ eventId: string }[]>`
    with m as (
      insert into access_members (id, user_id, plan_id, status, telegram_id, email, name, phone, source, transaction_id, subscription_id,
        claim_code, claim_expires_at, access_until, amount_cents, currency, funnel_visit_id)
      values (${member.id}, ${userId}, ${member.planId}, ${member.status}, ${member.telegramId}, ${member.email}, ${member.name}, ${member.phone},
        ${member.source}, ${member.transactionId}, ${member.subscriptionId}, ${member.claimCode}, ${member.claimExpiresAt},
        ${member.accessUntil}, ${member.amountCents}, ${member.currency}, ${member.funnelVisitId})
      returning id
    ), e as (
      insert into access_member_events (user_id, member_id, status, cause, webhook_id, actor_id, access_until, detail)
      select ${userId}, m.id, ${first.status}, ${first.cause}, ${first.webhookId ?? null}, ${first.actorId ?? null}, ${first.accessUntil}, ${first.detail ?? null}
      from m returning id
    )${payment ? sql`, p as (
      insert into access_payments (user_id, member_id, plan_id, amount_cents, currency, transaction_id)
      select ${userId}, m.id, ${member.planId}, ${payment.amountCents}, ${payment.currency}, ${payment.transactionId} from m returning id
    )` : sql``}
    select id as "eventId" from e`;
  if (!row) throw new Error('access not recorded');
  return row.eventId;
}

export type Change = {
  status: AccessStatus;
  accessUntil: Date | null;
  cause: AccessCause;
  webhookId?: string | undefined;
  actorId?: string | undefined;
  detail?: string | undefined;
};

/** The new state and its history line, in the caller's transaction; answers the history line's id. */
export async function changeStatus(sql: Queryable, userId: string, memberId: string, change: Change) {
  await sql`
    update access_members set status = ${change.status}, access_until = ${change.accessUntil}, updated_at = now(),
      ended_at = case
        when ${change.status} in ('AWAITING_LINK', 'ACTIVE', 'GRACE') then null
        when ${change.status} = 'CANCELED' then coalesce(${change.accessUntil}::timestamptz, now())
        else least(coalesce(ended_at, now()), now()) end
    where id = ${memberId} and user_id = ${userId}`;
  return recordEvent(sql, userId, memberId, change);
}

export async function recordEvent(sql: Queryable, userId: string, memberId: string, change: Change): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into access_member_events (user_id, member_id, status, cause, webhook_id, actor_id, access_until, detail)
    values (${userId}, ${memberId}, ${change.status}, ${change.cause}, ${change.webhookId ?? null}, ${change.actorId ?? null},
      ${change.accessUntil}, ${change.detail ?? null})
    returning id`;
  if (!row) throw new Error('access event not recorded');
  return row.id;
}

/** The claim links the access to its Telegram account: the code is spent (kept aside to recognise its owner). */
export async function linkTelegram(sql: Queryable, userId: string, memberId: string, link: { telegramId: number; contactId: string | null; code: string }) {
  await sql`
    update access_members set telegram_id = ${link.telegramId}, contact_id = ${link.contactId}, used_claim_code = ${link.code},
      claim_code = null, claim_expires_at = null, updated_at = now()
    where id = ${memberId} and user_id = ${userId}`;
}

/** A fresh claim code (the old one stops working). */
export async function setClaimCode(sql: Queryable, userId: string, memberId: string, code: string, expiresAt: Date) {
  await sql`update access_members set claim_code = ${code}, claim_expires_at = ${expiresAt}, updated_at = now() where id = ${memberId} and user_id = ${userId}`;
}

/** An approved charge (docs/decisions.md#paid-access): the dashboard's revenue counts it at `paid_at`. */
export async function insertPayment(sql: Queryable, userId: string, payment: { memberId: string; planId: string; amountCents: number; currency: string; transactionId: string | null }) {
  await sql`
    insert into access_payments (user_id, member_id, plan_id, amount_cents, currency, transaction_id)
    values (${userId}, ${payment.memberId}, ${payment.planId}, ${payment.amountCents}, ${payment.currency}, ${payment.transactionId})`;
}

/** A refund or chargeback: the access's latest charge not refunded yet. */
export async function markRefunded(sql: Queryable, userId: string, memberId: string) {
  await sql`
    update access_payments set refunded_at = now()
    where id = (select id from access_payments where member_id = ${memberId} and user_id = ${userId} and refunded_at is null
                order by paid_at desc limit 1)`;
}

export type ClaimRow = MemberRow & { usedClaimCode: string | null; planActive: boolean; planArchived: boolean };

/**
 * The access a claim code (fresh or spent) of this bot's plans belongs to, locked. One unique-index lookup per
 * column, as findByPurchase does and for the same reason: an OR let a young table's plan read every access of the
 * bot's plans.
 */
export async function lockByClaimCode(sql: Queryable, botId: string, code: string) {
  const rows = await sql<ClaimRow[]>`
    select ${columns(sql)}, m.used_claim_code as "usedClaimCode", p.active as "planActive", (p.archived_at is not null) as "planArchived"
    from ${from(sql)}
    where m.id = (
        select id from access_members where claim_code = ${code}
        union all select id from access_members where used_claim_code = ${code}
        limit 1)
      and p.bot_id = ${botId}
    for update of m`;
  return rows[0];
}
