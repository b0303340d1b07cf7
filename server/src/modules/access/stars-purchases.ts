/**
 * Telegram Stars purchases as the bot runtime reports them (ports/stars-access.ts), turned into accesses through
 * the lifecycle (member-service.ts grantAccess / endAccess). Telegram names the buyer's account, so a Stars access
 * is ACTIVE for it at once, with no claim link. Two kinds, kept apart by their subscription id:
 * - `link:<telegram id>`: a channel subscription link; the member's until_date is the access, each renewal moves it,
 *   and leaving the channel ends it (Telegram already took the person out);
 * - `bot:<telegram id>`: invoices in the bot; a payment is recorded by its charge id (a second delivery grants
 *   nothing), a renewal extends the same access.
 */
import { STARS_BOT_TEXTS, STARS_LIMITS } from '@shared/access/stars.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { isUuid } from '../../lib/ids.ts';
import type { StarsAccess, StarsBuyer, StarsOffer, SubscriptionMemberEvent } from '../../ports/stars-access.ts';
import { endAccess, grantAccess } from './member-service.ts';
import * as members from './member-repository.ts';
import type { PlanRow } from './plan-repository.ts';
import * as repo from './stars-repository.ts';

const PAYLOAD_PREFIX = 'plano:';
const DESCRIPTION_MAX = 255;

const buyerName = (buyer: StarsBuyer) => [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || (buyer.username ?? undefined);
const planOfPayload = (payload: string) => {
  const planId = payload.startsWith(PAYLOAD_PREFIX) ? payload.slice(PAYLOAD_PREFIX.length) : '';
  return isUuid(planId) ? planId : undefined;
};

/** Thrown inside a payment's transaction when the charge was recorded meanwhile: the grant rolls back. */
class DuplicatePayment extends Error {}

export function starsPurchases(sql: Queryable): StarsAccess {
  return {
    subscriptionMember: (event) => subscriptionMember(sql, event),
    offers: async (botId, planId) => {
      if (planId !== undefined && !isUuid(planId)) return [];
      const plans = await repo.invoicePlans(sql, botId, planId);
      const chats = plans.length === 0 ? [] : await repo.planChats(sql, plans.map((plan) => plan.id));
      return plans.map((plan) => offerOf(plan, chats.filter((chat) => chat.planId === plan.id).map((chat) => chat.title)));
    },
    async preCheckout(botId, payload, amount) {
      const planId = planOfPayload(payload);
      const plan = planId ? await repo.botPlan(sql, botId, planId) : undefined;
      if (!plan || !plan.active || plan.archivedAt || !plan.starsInvoice || plan.starsPrice === null) return STARS_BOT_TEXTS.unavailable;
      return plan.starsPrice === amount ? null : STARS_BOT_TEXTS.priceChanged;
    },
    async paid(payment) {
      const planId = planOfPayload(payment.payload);
      const plan = planId ? await repo.botPlan(sql, payment.botId, planId) : undefined;
      if (!plan || payment.currency !== 'XTR') return { kind: 'unknown-plan' };
      const telegramId = payment.buyer.telegramId;
      try {
        const granted = await inTransaction(sql, async (tx) => {
          if (await repo.paymentSeen(tx, payment.chargeId)) throw new DuplicatePayment();
          const paidUntil = payment.subscriptionExpirationDate === undefined ? undefined : new Date(payment.subscriptionExpirationDate * 1000);
          const result = await grantAccess(tx, plan, {
            source: 'stars', email: null, name: buyerName(payment.buyer), telegramId, transactionId: payment.chargeId,
            subscriptionId: `bot:${telegramId}`, amountCents: payment.amount, currency: 'XTR', paidUntil,
          }, { cause: 'telegram', detail: payment.recurring ? 'Renovação paga com Telegram Stars' : 'Pago com Telegram Stars' });
          const recorded = await repo.recordPayment(tx, { chargeId: payment.chargeId, userId: plan.userId, memberId: result.memberId, telegramId, amount: payment.amount, recurring: payment.recurring, subscription: paidUntil !== undefined });
          if (!recorded) throw new DuplicatePayment();
          await repo.linkContact(tx, plan.userId, result.memberId, payment.botId, telegramId);
          return result;
        });
        const member = await members.findMember(sql, plan.userId, granted.memberId);
        const chats = await repo.planChats(sql, [plan.id]);
        return {
          kind: 'granted', memberId: granted.memberId, planName: plan.name, chatIds: chats.map((chat) => Number(chat.chatId)),
          accessUntil: member?.accessUntil ?? null, renewal: !granted.created,
        };
      } catch (error) {
        if (error instanceof DuplicatePayment) return { kind: 'duplicate' };
        throw error;
      }
    },
  };
}

function offerOf(plan: PlanRow, chatTitles: string[]): StarsOffer {
  const subscription = plan.durationDays === STARS_LIMITS.subscriptionPeriodDays;
  const period = subscription ? 'Assinatura mensal' : plan.durationDays === null ? 'Acesso vitalício' : `Acesso por ${plan.durationDays} dias`;
  const description = [...`${period}: ${chatTitles.join(', ')}`].slice(0, DESCRIPTION_MAX).join('');
  return { planId: plan.id, title: plan.name, description, payload: `${PAYLOAD_PREFIX}${plan.id}`, priceStars: plan.starsPrice ?? 0, subscription };
}

/** A join through the plan's link, a renewal (later until_date) or the leave that ends the subscription. */
async function subscriptionMember(sql: Queryable, event: SubscriptionMemberEvent) {
  const telegramId = event.buyer.telegramId;
  const subscriptionId = `link:${telegramId}`;
  await inTransaction(sql, async (tx) => {
    const held = await repo.subscriberMember(tx, event.botId, event.chatId, subscriptionId);
    if (!event.joined || event.untilDate === undefined) {
      const member = held ? await members.lockMember(tx, held.userId, held.memberId) : undefined;
      if (member) await endAccess(tx, member, 'EXPIRED', { cause: 'telegram', detail: 'Assinatura do canal encerrada' });
      return;
    }
    const until = new Date(event.untilDate * 1000);
    const plan = event.inviteLink ? await repo.planBySubscriptionLink(tx, event.botId, event.chatId, event.inviteLink) : undefined;
    const owner = plan ?? (held ? await repo.botPlan(tx, event.botId, held.planId) : undefined);
    if (!owner || (held && held.accessUntil !== null && held.accessUntil >= until)) return;
    const result = await grantAccess(tx, owner, {
      source: 'stars', email: null, name: buyerName(event.buyer), telegramId, subscriptionId, paidUntil: until,
      amountCents: owner.starsPrice ?? undefined, currency: 'XTR',
    }, { cause: 'telegram', detail: held ? 'Assinatura do canal renovada' : 'Assinou o canal com Telegram Stars' });
    await repo.linkContact(tx, owner.userId, result.memberId, event.botId, telegramId);
  });
}
