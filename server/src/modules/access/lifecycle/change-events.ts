/**
 * Which "Acesso pago" flow events a change of an access causes (docs/product.md#acessos), the one rule for every
 * writer of member-service.ts:
 * - payment_approved: a paid charge on an access with a Telegram account (a renewal), or the first link of a paid
 *   access (the buyer of a new purchase meets the bot only when opening the claim link: that is when the flow
 *   welcoming the payment can reach them). A manual grant is no payment.
 * - refunded: the access enters REFUNDED (a gateway's refund, a Stars refund). A chargeback is not a refund.
 * - expired: the access enters EXPIRED (the sweep's own moves fire it in expiry-sweep.ts).
 */
import type { AccessSource, AccessStatus } from '@shared/access/texts.ts';
import type { AccessEvent } from '@shared/flows/access-events.ts';

type Before = { status: AccessStatus; source: AccessSource; telegramId: bigint | number | null };

export function eventsOfChange(before: Before, next: AccessStatus, paid: boolean): AccessEvent[] {
  const events: AccessEvent[] = [];
  const firstLink = before.status === 'AWAITING_LINK' && next === 'ACTIVE' && before.source !== 'manual';
  if ((paid && before.telegramId !== null) || firstLink) events.push('payment_approved');
  if (next === 'REFUNDED' && before.status !== 'REFUNDED') events.push('refunded');
  if (next === 'EXPIRED' && before.status !== 'EXPIRED') events.push('expired');
  return events;
}
