/**
 * The Conversions API events of funnel attribution (docs/decisions.md#d-funnels-pixel, docs/telegram.md#meta-capi),
 * written to the pixels outbox (modules/pixels/outbox.ts) in the attribution's own transaction: the outbox sends
 * them later, exactly once. action_source is `website` with the visit's page as event_source_url when the join came
 * through a per-visit link, else `chat`. event_id is stable (funnel, Telegram user, event time), so a retried send
 * is deduplicated by Meta.
 */
import type { Queryable } from '../../db/client.ts';
import type { PixelContext } from './funnel-repository.ts';

export type ConversionEvent = {
  userId: string;
  pixelId: string;
  eventName: 'enter_channel' | 'left_channel';
  eventId: string;
  eventTime: Date;
  actionSource: 'website' | 'chat';
  eventSourceUrl?: string;
  telegramUserId: number;
  fbp?: string;
  fbc?: string;
  clientIpAddress?: string;
  clientUserAgent?: string;
};

export function conversionEvent(
  context: PixelContext,
  event: { name: ConversionEvent['eventName']; funnelId: string; telegramUserId: number; at: Date; matchedVisit: boolean },
): ConversionEvent {
  const website = event.matchedVisit && context.url !== null;
  return {
    userId: context.userId,
    pixelId: context.pixelId ?? '',
    eventName: event.name,
    eventId: `${event.name}:${event.funnelId}:${event.telegramUserId}:${Math.floor(event.at.getTime() / 1000)}`,
    eventTime: event.at,
    actionSource: website ? 'website' : 'chat',
    telegramUserId: event.telegramUserId,
    ...(website && context.url ? { eventSourceUrl: context.url } : {}),
    ...(context.fbp ? { fbp: context.fbp } : {}),
    ...(context.fbc ? { fbc: context.fbc } : {}),
    ...(context.ip ? { clientIpAddress: context.ip } : {}),
    ...(context.userAgent ? { clientUserAgent: context.userAgent } : {}),
  };
}

/**
 * PIXELS-OUTBOX: the one place the outbox is called. Until modules/pixels/outbox.ts is merged this records nothing;
 * then it becomes `await recordPixelEvent(tx, event)`.
 */
export async function recordConversion(tx: Queryable, event: ConversionEvent): Promise<void> {
  void tx;
  void event;
}
