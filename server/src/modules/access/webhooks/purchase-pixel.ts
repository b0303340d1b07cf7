/**
 * The ad loop (docs/decisions.md#paid-access, docs/telegram.md#meta-capi): each paid charge of a plan with a pixel
 * becomes a Conversions API `Purchase` written to the pixel outbox in the webhook's own transaction, so it is sent
 * once the access commits, and never when it does not. event_id is the gateway's charge (`purchase:<gateway>:<id>`):
 * a gateway's retry, a reprocess or the outbox's own retry all carry the same id and Meta counts it once. The buyer
 * is matched by hashed e-mail and phone, by the Telegram account once known (external_id, as funnel events do), and
 * by the funnel visit's click (fbp, fbc, address, browser) when the access came through a funnel. Refunds and test
 * purchases are never reported.
 */
import type { PurchaseEvent } from '@shared/access/webhook-event.ts';
import type { Queryable } from '../../../db/client.ts';
import type { PixelEventInput, PixelOutbox } from '../../../ports/pixel-outbox.ts';
import type { PlanRow } from '../plan-repository.ts';
import * as repo from './repository.ts';

export async function recordPurchase(outbox: PixelOutbox, sql: Queryable, plan: PlanRow & { userId: string }, event: PurchaseEvent, memberId: string) {
  if (!plan.pixelId) return;
  const trace = await repo.memberTrace(sql, plan.userId, memberId);
  const visit = trace?.visit ?? undefined;
  const cents = event.amountCents ?? plan.priceCents;
  const eventTime = event.occurredAt && Date.parse(event.occurredAt) <= Date.now() ? new Date(event.occurredAt) : new Date();
  const purchase: PixelEventInput = {
    userId: plan.userId,
    pixelId: plan.pixelId,
    eventName: 'Purchase',
    eventId: `purchase:${event.gateway}:${event.transactionId}`,
    eventTime,
    // A renewal is charged by the gateway on its own; a first purchase came from a page (the funnel's, when known).
    actionSource: event.kind === 'renewed' ? 'system_generated' : visit ? 'website' : 'other',
    ...(visit && event.kind !== 'renewed' ? { eventSourceUrl: visit.url } : {}),
    email: event.buyer.email,
    phone: event.buyer.phone ?? trace?.phone ?? null,
    telegramUserId: trace?.telegramId === null || trace?.telegramId === undefined ? null : String(trace.telegramId),
    fbp: visit?.fbp ?? null,
    fbc: visit?.fbc ?? null,
    clientIpAddress: visit?.ip ?? null,
    clientUserAgent: visit?.userAgent ?? null,
    customData: {
      currency: event.currency ?? plan.currency,
      ...(cents === null || cents === undefined ? {} : { value: cents / 100 }),
      content_name: plan.name,
      order_id: event.transactionId,
    },
  };
  await outbox.record(sql, purchase);
}
