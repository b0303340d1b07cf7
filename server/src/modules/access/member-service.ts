/**
 * Accesses and their lifecycle (docs/decisions.md#paid-access): every way an access begins (a purchase, a manual
 * grant), is extended (a renewal, the operator) or ends (refund, chargeback, cancellation, revocation, expiry)
 * passes here, so each change is written with its history line in one transaction. Ending an access that holds a
 * Telegram account schedules its removal from the plan's chats (lifecycle/removal.ts).
 */
import { accessMemberSchema, type AccessMember, type AccessMemberListQuery, type GrantAccessInput } from '@shared/access/members.ts';
import { ACCESS_LIMITS, ACCESS_TEXTS, type AccessSource, type AccessStatus } from '@shared/access/texts.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import * as plans from './plan-repository.ts';
import * as repo from './member-repository.ts';
import { scheduleRemoval } from './lifecycle/removal-job.ts';
import { enqueueAccessEvents } from './lifecycle/access-event-job.ts';
import { eventsOfChange } from './lifecycle/change-events.ts';
import { emitAccessChange, emitAccessGranted } from './lifecycle/webhook-events.ts';

export type MembersDeps = { sql: Queryable };

const DAY_MS = 86_400_000;
const refused = (field: string, message: string, status = 422) => new AppError('VALIDATION_FAILED', status, message, { [field]: message });

/** Unguessable (128 bits), fits Telegram's 64-character /start payload with its prefix. */
export const newClaimCode = () => `a_${randomToken(16)}`;
export const claimLink = (botUsername: string, code: string) => `https://t.me/${botUsername}?start=${code}`;

/** A purchase (or a grant) as the lifecycle sees it, whatever gateway it came from. */
export type Purchase = {
  source: AccessSource;
  email: string | null;
  name?: string | undefined;
  phone?: string | undefined;
  transactionId?: string | undefined;
  subscriptionId?: string | undefined;
  amountCents?: number | undefined;
  currency?: string | undefined;
  /** Paid until (the gateway's word); else the plan's duration from now; null: lifetime. */
  paidUntil?: Date | null | undefined;
  funnelVisitId?: string | undefined;
  /** Known when Telegram itself sold it (Stars): the access is ACTIVE for that account, no claim link. */
  telegramId?: number | undefined;
};

export type ChangeCause = { cause: repo.Change['cause']; webhookId?: string | undefined; actorId?: string | undefined; detail?: string | undefined };

/** The end of a new period: the gateway's date, else the plan's duration from `from`; null for a lifetime plan. */
const periodEnd = (plan: plans.PlanRow, purchase: Purchase, from: Date) =>
  purchase.paidUntil !== undefined ? purchase.paidUntil : plan.durationDays === null ? null : new Date(from.getTime() + plan.durationDays * DAY_MS);

/**
 * An approved purchase or renewal: extends the access it renews (same subscription, transaction or e-mail, still
 * holding) or opens a new one waiting for its Telegram account. In the caller's transaction.
 */
export async function grantAccess(sql: Queryable, plan: plans.PlanRow & { userId: string }, purchase: Purchase, cause: ChangeCause) {
  const now = new Date();
  const existing = await repo.findByPurchase(sql, plan.id, { ...purchase, email: purchase.email ?? undefined });
  if (existing && ['AWAITING_LINK', 'ACTIVE', 'GRACE', 'CANCELED'].includes(existing.status)) {
    const base = existing.accessUntil && existing.accessUntil > now ? existing.accessUntil : now;
    const accessUntil = existing.accessUntil === null && existing.status !== 'CANCELED' ? null : periodEnd(plan, purchase, base);
    const status: AccessStatus = existing.telegramId === null ? 'AWAITING_LINK' : 'ACTIVE';
    await change(sql, existing, { status, accessUntil, ...cause }, purchase.source !== 'manual');
    await recordPayment(sql, plan, existing.id, purchase);
    return { memberId: existing.id, created: false };
  }
  const member = newMember(plan, purchase, now);
  const { id, status, accessUntil } = member;
  // The access (with its first history line and charge) and its outgoing-webhook event are independent writes of
  // one transaction: sent together, one round trip.
  const [eventId] = await Promise.all([
    repo.insertMember(sql, plan.userId, member, { status, accessUntil, ...cause }, paymentOf(purchase)),
    emitAccessGranted(sql, { id, userId: plan.userId, planId: plan.id, email: purchase.email, telegramId: purchase.telegramId ?? null }, { status, accessUntil, cause: cause.cause }),
  ]);
  if (purchase.source !== 'manual' && purchase.telegramId !== undefined) {
    await enqueueAccessEvents(sql, [{ access: { id, userId: plan.userId, botId: plan.botId, telegramId: purchase.telegramId }, event: 'payment_approved', cause: eventId }]);
  }
  return { memberId: id, created: true };
}

/** The row of a new access: awaiting its Telegram account (with a claim code) unless Telegram itself sold it. */
function newMember(plan: plans.PlanRow, purchase: Purchase, now: Date): repo.NewMember {
  const status: AccessStatus = purchase.telegramId === undefined ? 'AWAITING_LINK' : 'ACTIVE';
  return {
    id: crypto.randomUUID(), planId: plan.id, status, telegramId: purchase.telegramId ?? null, email: purchase.email,
    name: purchase.name ?? null, phone: purchase.phone ?? null, source: purchase.source,
    transactionId: purchase.transactionId ?? null, subscriptionId: purchase.subscriptionId ?? null,
    ...(purchase.telegramId === undefined
      ? { claimCode: newClaimCode(), claimExpiresAt: new Date(now.getTime() + ACCESS_LIMITS.claimDays * DAY_MS) }
      : { claimCode: null, claimExpiresAt: null }),
    accessUntil: periodEnd(plan, purchase, now),
    amountCents: purchase.amountCents ?? null, currency: purchase.currency ?? null, funnelVisitId: purchase.funnelVisitId ?? null,
  };
}

/** A charge with an amount is revenue; a manual grant never is. */
const paymentOf = (purchase: Purchase): repo.NewPayment | null =>
  purchase.amountCents === undefined || purchase.source === 'manual'
    ? null
    : { amountCents: purchase.amountCents, currency: purchase.currency ?? 'BRL', transactionId: purchase.transactionId ?? null };

async function recordPayment(sql: Queryable, plan: { id: string; userId: string }, memberId: string, purchase: Purchase) {
  const payment = paymentOf(purchase);
  if (payment) await repo.insertPayment(sql, plan.userId, { memberId, planId: plan.id, ...payment });
}

/** Ends an access (refund, chargeback, cancellation, revocation, expiry); a CANCELED one keeps its paid period. */
export async function endAccess(sql: Queryable, member: repo.MemberRow, status: Exclude<AccessStatus, 'AWAITING_LINK' | 'ACTIVE' | 'GRACE'>, cause: ChangeCause, accessUntil?: Date | null) {
  const until = status === 'CANCELED' ? (accessUntil !== undefined ? accessUntil : member.accessUntil) : member.accessUntil;
  await change(sql, member, { status, accessUntil: until, ...cause });
  if (status === 'REFUNDED' || status === 'CHARGEBACK') await repo.markRefunded(sql, member.userId, member.id);
}

/**
 * Every change of an existing access: the row, its history line, the "Acesso pago" flow events it causes
 * (lifecycle/change-events.ts; `paid`: the change is a paid charge) and, when the change leaves the person without
 * access (now, or at a canceled subscription's end), the removal from the plan's chats, in one transaction.
 */
async function change(sql: Queryable, member: repo.MemberRow, next: repo.Change, paid = false) {
  const eventId = await repo.changeStatus(sql, member.userId, member.id, next);
  await scheduleRemoval(sql, { ...member, status: next.status, accessUntil: next.accessUntil }, eventId);
  await enqueueAccessEvents(sql, eventsOfChange(member, next.status, paid).map((event) => ({ access: member, event, cause: eventId })));
  await emitAccessChange(sql, member, next, paid);
}

/** A renewal charge failed: a history line only (the access keeps its period and grace) and its flow event. */
export async function recordLatePayment(sql: Queryable, member: repo.MemberRow, cause: ChangeCause) {
  const eventId = await repo.recordEvent(sql, member.userId, member.id, { status: member.status, accessUntil: member.accessUntil, ...cause });
  await enqueueAccessEvents(sql, [{ access: member, event: 'payment_late', cause: eventId }]);
}

/**
 * The buyer opened the claim link in Telegram: the access is theirs (telegram_id, the contact the journal made), the
 * code spent. In the caller's transaction, the row locked by the caller.
 */
export async function linkTelegram(sql: Queryable, member: repo.MemberRow, link: { telegramId: number; contactId: string | null; code: string }) {
  await repo.linkTelegram(sql, member.userId, member.id, link);
  const status = member.status === 'AWAITING_LINK' ? 'ACTIVE' : member.status;
  await change(sql, { ...member, telegramId: BigInt(link.telegramId) }, { status, accessUntil: member.accessUntil, cause: 'telegram', detail: 'Conta do Telegram vinculada' });
}

export async function grantManually(deps: MembersDeps, userId: string, planId: string, input: GrantAccessInput, actorId: string) {
  const plan = isUuid(planId) ? await plans.findPlan(deps.sql, userId, planId) : undefined;
  if (!plan) throw notFound();
  if (plan.archivedAt) throw refused('email', ACCESS_TEXTS.archived, 409);
  const paidUntil = input.lifetime ? null : input.days !== undefined ? new Date(Date.now() + input.days * DAY_MS) : undefined;
  const { memberId } = await inTransaction(deps.sql, (sql) =>
    grantAccess(sql, { ...plan, userId }, { source: 'manual', email: input.email, name: input.name, paidUntil }, { cause: 'operator', actorId, detail: input.note }));
  return getMember(deps, userId, memberId);
}

/** A new end of access: later extends (an ended access is not revived: grant a new one), earlier shortens. */
export async function setAccessUntil(deps: MembersDeps, userId: string, memberId: string, accessUntil: Date | null, actorId: string) {
  if (accessUntil !== null && accessUntil.getTime() <= Date.now()) throw refused('accessUntil', ACCESS_TEXTS.accessUntilPast);
  await changeLocked(deps, userId, memberId, async (sql, member) => {
    if (!['AWAITING_LINK', 'ACTIVE', 'GRACE', 'CANCELED'].includes(member.status)) throw refused('accessUntil', ACCESS_TEXTS.memberEnded, 409);
    const status = member.status === 'GRACE' ? 'ACTIVE' : member.status;
    await change(sql, member, { status, accessUntil, cause: 'operator', actorId, detail: 'Prazo alterado' });
  });
  return getMember(deps, userId, memberId);
}

export async function revoke(deps: MembersDeps, userId: string, memberId: string, actorId: string, reason?: string) {
  await changeLocked(deps, userId, memberId, async (sql, member) => {
    if (member.status === 'REVOKED') throw refused('status', ACCESS_TEXTS.alreadyRevoked, 409);
    await endAccess(sql, member, 'REVOKED', { cause: 'operator', actorId, detail: reason });
  });
  return getMember(deps, userId, memberId);
}

async function changeLocked(deps: MembersDeps, userId: string, memberId: string, work: (sql: Queryable, member: repo.MemberRow) => Promise<void>) {
  if (!isUuid(memberId)) throw notFound();
  await inTransaction(deps.sql, async (sql) => {
    const member = await repo.lockMember(sql, userId, memberId);
    if (!member) throw notFound();
    await work(sql, member);
  });
}

export async function getMember(deps: MembersDeps, userId: string, memberId: string): Promise<AccessMember> {
  const row = isUuid(memberId) ? await repo.findMember(deps.sql, userId, memberId) : undefined;
  if (!row) throw notFound();
  const [member] = await toMembers(deps.sql, [row]);
  if (!member) throw notFound();
  return member;
}

export async function listMembers(deps: MembersDeps, userId: string, query: AccessMemberListQuery) {
  if (query.planId && !(await plans.findPlan(deps.sql, userId, query.planId))) throw notFound();
  const { rows, total } = await repo.listMembers(deps.sql, userId, query);
  return { members: await toMembers(deps.sql, rows), pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}

async function toMembers(sql: Queryable, rows: repo.MemberRow[]): Promise<AccessMember[]> {
  const history = rows.length === 0 ? [] : await repo.historyOf(sql, rows.map((row) => row.id));
  const now = new Date();
  return rows.map((row) => accessMemberSchema.parse({
    id: row.id, planId: row.planId, planName: row.planName, status: row.status, email: row.email, name: row.name, phone: row.phone,
    telegramId: row.telegramId === null ? null : String(row.telegramId), contactId: row.contactId, source: row.source,
    transactionId: row.transactionId, accessUntil: row.accessUntil?.toISOString() ?? null, amountCents: row.amountCents,
    currency: row.currency, createdAt: row.createdAt.toISOString(),
    claimLink: row.claimCode && row.claimExpiresAt && row.claimExpiresAt > now ? claimLink(row.botUsername, row.claimCode) : null,
    history: history.filter((event) => event.memberId === row.id).map((event) => ({
      at: event.createdAt.toISOString(), status: event.status, cause: event.cause, accessUntil: event.accessUntil?.toISOString() ?? null,
      detail: event.detail, actorName: event.actorName,
    })),
  }));
}
