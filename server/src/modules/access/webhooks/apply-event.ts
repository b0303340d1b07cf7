/**
 * What a verified purchase event does to the plan's accesses, in the caller's transaction (docs/decisions.md#paid-access):
 * - approved, renewed: a paid charge. Grants a new access or extends the one it renews (same subscription,
 *   transaction or e-mail, still holding); each one is a Meta `Purchase`.
 * - refunded, chargeback: end the access of that transaction or subscription at once.
 * - canceled: the subscription stops renewing; the access keeps what was paid for (until the gateway's date, else
 *   its current end) and ends then.
 * - late: a renewal charge failed. A history line only: the access keeps its paid period and its grace, and ends on
 *   schedule unless a renewal arrives first (gateways retry the charge for days; removing the buyer at the first
 *   failed attempt would punish most who pay late).
 * An event about a purchase the plan does not know is "não processado": the approval may still be on its way, and
 * the operator can reprocess it once it is.
 */
import type { PurchaseEvent } from '@shared/access/webhook-event.ts';
import { ACCESS_SOURCE_LABELS } from '@shared/access/texts.ts';
import type { Queryable } from '../../../db/client.ts';
import { endAccess, grantAccess, recordLatePayment, type ChangeCause } from '../member-service.ts';
import * as members from '../member-repository.ts';
import type { PlanRow } from '../plan-repository.ts';
import { visitOfSource } from '../../tracking/script.ts';
import { WEBHOOK_REASONS } from './reasons.ts';
import { funnelVisit } from './repository.ts';

export type Applied = {
  status: 'PROCESSED' | 'IGNORED' | 'NOT_PROCESSED';
  reason: string | null;
  memberId: string | null;
  /** A paid charge: reported to the plan's pixel as a Purchase. */
  paid: boolean;
};

const KIND_DETAIL: Record<PurchaseEvent['kind'], string> = {
  approved: 'Compra aprovada',
  renewed: 'Renovação paga',
  refunded: 'Reembolso',
  chargeback: 'Estorno (chargeback)',
  canceled: 'Assinatura cancelada',
  late: 'Pagamento atrasado',
};

const ENDED = ['EXPIRED', 'REFUNDED', 'CHARGEBACK', 'REVOKED'];

export async function applyEvent(sql: Queryable, plan: PlanRow & { userId: string }, event: PurchaseEvent, webhookId: string, test: boolean): Promise<Applied> {
  const detail = `${KIND_DETAIL[event.kind]} · ${ACCESS_SOURCE_LABELS[event.gateway]} · ${event.transactionId}${test ? ' (teste)' : ''}`;
  const cause: ChangeCause = { cause: 'webhook', webhookId, detail };
  if (event.kind === 'approved' || event.kind === 'renewed') {
    // The checkout link's src names the funnel visit the buyer came from, when it is one of this workspace's.
    const visitId = visitOfSource(event.trackingSource);
    const funnelVisitId = visitId && (await funnelVisit(sql, plan.userId, visitId)) ? visitId : undefined;
    const { memberId } = await grantAccess(sql, plan, {
      source: event.gateway, funnelVisitId, email: event.buyer.email, name: event.buyer.name, phone: event.buyer.phone,
      transactionId: event.transactionId, subscriptionId: event.subscriptionId, amountCents: event.amountCents,
      currency: event.currency, ...(event.paidUntil ? { paidUntil: new Date(event.paidUntil) } : {}),
    }, cause);
    return { status: 'PROCESSED', reason: null, memberId, paid: true };
  }
  const member = await members.findByPurchase(sql, plan.id, { transactionId: event.transactionId, subscriptionId: event.subscriptionId });
  if (!member) return { status: 'NOT_PROCESSED', reason: WEBHOOK_REASONS.purchaseUnknown(event.transactionId), memberId: null, paid: false };
  const ignored = (reason: string): Applied => ({ status: 'IGNORED', reason, memberId: member.id, paid: false });
  if (ENDED.includes(member.status)) return ignored(WEBHOOK_REASONS.alreadyEnded);
  if (event.kind === 'late') {
    await recordLatePayment(sql, member, cause);
  } else if (event.kind === 'canceled') {
    if (member.status === 'CANCELED') return ignored(WEBHOOK_REASONS.alreadyCanceled);
    await endAccess(sql, member, 'CANCELED', cause, event.paidUntil ? new Date(event.paidUntil) : undefined);
  } else {
    await endAccess(sql, member, event.kind === 'refunded' ? 'REFUNDED' : 'CHARGEBACK', cause);
  }
  return { status: 'PROCESSED', reason: null, memberId: member.id, paid: false };
}
