/**
 * Recording a Conversions API event (docs/decisions.md#pixel-outbox, docs/telegram.md#meta-capi): the PixelOutbox
 * port. Funnel attribution calls it inside the transaction that records a join or a leave: the event row (its
 * payload exactly as Meta will receive it) and the job that delivers it commit with the join or not at all.
 */
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PixelEventInput, PixelOutbox } from '../../ports/pixel-outbox.ts';
import { enqueueDelivery } from './deliver-job.ts';
import * as repo from './outbox-repository.ts';

/** The event as Meta receives it: customer data hashed where Meta wants it hashed, the rest as is. */
export function pixelEventPayload(event: PixelEventInput): Record<string, unknown> {
  const userData: Record<string, string> = {};
  if (event.telegramUserId) userData.external_id = sha256Hex(event.telegramUserId.trim().toLowerCase());
  if (event.email) userData.em = sha256Hex(event.email.trim().toLowerCase());
  const phone = event.phone ? metaPhone(event.phone) : '';
  if (phone) userData.ph = sha256Hex(phone);
  if (event.fbp) userData.fbp = event.fbp;
  if (event.fbc) userData.fbc = event.fbc;
  if (event.clientIpAddress) userData.client_ip_address = event.clientIpAddress;
  if (event.clientUserAgent) userData.client_user_agent = event.clientUserAgent;
  return {
    event_name: event.eventName,
    event_time: Math.floor(event.eventTime.getTime() / 1000),
    event_id: event.eventId,
    action_source: event.actionSource,
    ...(event.eventSourceUrl ? { event_source_url: event.eventSourceUrl } : {}),
    user_data: userData,
    ...(event.customData && Object.keys(event.customData).length > 0 ? { custom_data: event.customData } : {}),
  };
}

/**
 * A phone as Meta hashes it: digits only, no leading zeros, with the country code. Buyers here are Brazilian: a
 * number of 10 or 11 digits (area code + number) gets 55 in front.
 */
export function metaPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/**
 * Adds the event to the pixel's outbox and makes sure a delivery job will send it. Keeps a share lock on the pixel
 * row until the caller commits (keep that transaction short). A pixel that is gone, or not the user's, records
 * nothing: a join must not fail because its funnel's pixel was just deleted.
 */
export async function recordPixelEvent(tx: Queryable, event: PixelEventInput): Promise<void> {
  if (!isUuid(event.pixelId) || !isUuid(event.userId)) return;
  await inTransaction(tx, async (sql) => {
    const generation = await repo.lockGeneration(sql, event.userId, event.pixelId);
    if (generation === undefined) return;
    const inserted = await repo.insertEvent(sql, {
      userId: event.userId,
      pixelId: event.pixelId,
      eventName: event.eventName,
      eventId: event.eventId,
      eventTime: event.eventTime,
      payload: pixelEventPayload(event),
    });
    if (inserted) await enqueueDelivery(sql, event.pixelId, generation);
  });
}

export const pixelOutbox: PixelOutbox = { record: recordPixelEvent };
