/**
 * Meta pixels (docs/product.md#api-pixels, #rules-pixels; docs/decisions.md#d-funnels-pixel). The access token is
 * write-only: encrypted at rest with the bot tokens' key, answered only as its masked preview, never logged. A test
 * event is a real Conversions API call with Meta's test_event_code; Meta's refusal marks the pixel in error.
 */
import { maskToken, PIXEL_TEXTS, pixelSchema, type Pixel, type PixelTestEventResult } from '@shared/pixels/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { decryptSecret, encryptSecret, sha256Hex } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { postEvents } from './graph-client.ts';
import * as repo from './repository.ts';

export type PixelsDeps = { sql: Queryable; encryptionKey: Uint8Array; graphUrl: string; graphVersion: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toPixel = (row: repo.PixelRow): Pixel =>
  pixelSchema.parse({
    id: row.id,
    name: row.name,
    pixelId: row.pixelId,
    tokenPreview: row.tokenPreview,
    status: row.status,
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    lastEventAt: iso(row.lastEventAt),
    pendingEvents: row.pendingEvents,
    delivery: {
      delivered: row.deliveredEvents,
      pending: row.pendingEvents,
      failed: row.failedEvents,
      lastError: row.deliveryError,
      lastErrorAt: iso(row.deliveryErrorAt),
      lastAttemptAt: iso(row.lastAttemptAt),
      nextAttemptAt: iso(row.nextAttemptAt),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

export async function listPixels(deps: PixelsDeps, userId: string): Promise<Pixel[]> {
  return (await repo.listPixels(deps.sql, userId)).map(toPixel);
}

/** Another user's pixel answers exactly like a missing one. */
export async function getPixel(deps: PixelsDeps, userId: string, id: string): Promise<Pixel> {
  const row = isUuid(id) ? await repo.findPixel(deps.sql, userId, id) : undefined;
  if (!row) throw notFound();
  return toPixel(row);
}

const sealed = (deps: PixelsDeps, token: string) => ({ encrypted: encryptSecret(token, deps.encryptionKey), preview: maskToken(token) });

export async function createPixel(deps: PixelsDeps, userId: string, input: { name: string; pixelId: string; accessToken: string }): Promise<Pixel> {
  const token = sealed(deps, input.accessToken);
  const id = await repo.insertPixel(deps.sql, userId, { name: input.name, pixelId: input.pixelId, tokenEncrypted: token.encrypted, tokenPreview: token.preview });
  return getPixel(deps, userId, id);
}

/** A blank or absent token keeps the stored one. */
export async function updatePixel(deps: PixelsDeps, userId: string, id: string, input: { name: string; pixelId: string; accessToken?: string | undefined }): Promise<Pixel> {
  const token = input.accessToken ? sealed(deps, input.accessToken) : undefined;
  if (!isUuid(id) || !(await repo.updatePixel(deps.sql, userId, id, { name: input.name, pixelId: input.pixelId, token }))) throw notFound();
  return getPixel(deps, userId, id);
}

export async function deletePixel(deps: PixelsDeps, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deletePixel(deps.sql, userId, id))) throw notFound();
}

/**
 * Sends one test event (docs/telegram.md#meta-capi) and answers Meta's receipt. A refusal (4xx: bad token, unknown
 * pixel) is a 422 quoting Meta and puts the pixel in error; a Meta that cannot be reached is a 502 and changes
 * nothing (the pixel may well be fine).
 */
export async function sendTestEvent(deps: PixelsDeps, userId: string, id: string, testEventCode: string): Promise<PixelTestEventResult> {
  const secret = isUuid(id) ? await repo.findSecret(deps.sql, userId, id) : undefined;
  if (!secret) throw notFound();
  const event = {
    event_name: 'TestEvent',
    event_time: Math.floor(Date.now() / 1000),
    event_id: `test-${crypto.randomUUID()}`,
    action_source: 'chat',
    user_data: { external_id: sha256Hex(`canalize-test-${id}`) },
  };
  const target = { graphUrl: deps.graphUrl, version: deps.graphVersion, pixelId: secret.pixelId, accessToken: decryptSecret(secret.tokenEncrypted, deps.encryptionKey) };
  const result = await postEvents(target, [event], { testEventCode });
  if (result.kind === 'unreachable') throw new AppError('META_UNREACHABLE', 502, PIXEL_TEXTS.metaUnreachable);
  if (result.kind === 'refused') {
    await repo.markRefused(deps.sql, id, result.message);
    throw new AppError('META_REFUSED', 422, PIXEL_TEXTS.metaRefused(result.message));
  }
  await repo.markAccepted(deps.sql, id);
  return { eventsReceived: result.eventsReceived, fbtraceId: result.fbtraceId, messages: result.messages };
}
