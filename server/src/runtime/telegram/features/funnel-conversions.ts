/**
 * The Conversions API events of funnel attribution (docs/decisions.md#d-funnels-pixel, docs/telegram.md#meta-capi),
 * written through the PixelOutbox port (ports/pixel-outbox.ts) in the attribution's own transaction: the outbox
 * sends them later, exactly once. action_source is `website` with the visit's page as event_source_url when the join came
 * through a per-visit link, else `chat`. event_id is stable (funnel, Telegram user, event time), so a retried send
 * is deduplicated by Meta.
 */
import type { Queryable } from '../../../db/client.ts';
import type { PixelEventInput, PixelOutbox } from '../../../ports/pixel-outbox.ts';
import type { PixelContext } from './funnel-repository.ts';

export type ConversionEvent = PixelEventInput;

export function conversionEvent(
  context: PixelContext,
  event: { name: PixelEventInput['eventName']; funnelId: string; telegramUserId: number; at: Date; matchedVisit: boolean },
): ConversionEvent {
  const website = event.matchedVisit && context.url !== null;
  return {
    userId: context.userId,
    pixelId: context.pixelId ?? '',
    eventName: event.name,
    eventId: `${event.name}:${event.funnelId}:${event.telegramUserId}:${Math.floor(event.at.getTime() / 1000)}`,
    eventTime: event.at,
    actionSource: website ? 'website' : 'chat',
    telegramUserId: String(event.telegramUserId),
    ...(website && context.url ? { eventSourceUrl: context.url } : {}),
    ...(context.fbp ? { fbp: context.fbp } : {}),
    ...(context.fbc ? { fbc: context.fbc } : {}),
    ...(context.ip ? { clientIpAddress: context.ip } : {}),
    ...(context.userAgent ? { clientUserAgent: context.userAgent } : {}),
  };
}

/** The one place attribution writes to the pixels outbox, in the caller's transaction. */
export async function recordConversion(outbox: PixelOutbox, tx: Queryable, event: ConversionEvent): Promise<void> {
  await outbox.record(tx, event);
}
