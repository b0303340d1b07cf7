/**
 * The Conversions API outbox as funnel attribution and paid access write to it (docs/decisions.md#pixel-outbox): an
 * event is recorded in the caller's transaction, so it commits with the join, leave or purchase it reports, and is
 * sent later, once.
 * engines/pixel-delivery implements it; the composition root hands it to the runtime.
 */
import type { Queryable } from '../db/client.ts';

export type PixelEventInput = {
  /** Owner (users.id). */
  userId: string;
  /** meta_pixels.id (the row id, not Meta's pixel id). */
  pixelId: string;
  eventName: 'enter_channel' | 'left_channel' | 'Purchase';
  /** Stable: Meta deduplicates retries by it; a second call with the same id is a no-op. */
  eventId: string;
  eventTime: Date;
  actionSource: 'website' | 'chat' | 'system_generated' | 'other';
  eventSourceUrl?: string | null;
  /** Hashed by the outbox: user_data.external_id = SHA-256 hex of the id string. */
  telegramUserId?: string | null;
  /** Hashed by the outbox as Meta specifies: user_data.em (trimmed, lower case), user_data.ph (digits with country code). */
  email?: string | null;
  phone?: string | null;
  fbp?: string | null;
  fbc?: string | null;
  clientIpAddress?: string | null;
  clientUserAgent?: string | null;
  customData?: Record<string, string | number>;
};

export type PixelOutbox = {
  /** Adds the event in `tx`; a pixel that is gone, or not the user's, records nothing. */
  record(tx: Queryable, event: PixelEventInput): Promise<void>;
};
