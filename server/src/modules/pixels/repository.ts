/**
 * The meta_pixels rows of one user (docs/product.md#entity-pixel). The token is stored encrypted beside its masked
 * preview; only `findSecret` reads the ciphertext, and only to send.
 */
import type { Queryable } from '../../db/client.ts';

export type PixelRow = {
  id: string;
  name: string;
  pixelId: string;
  tokenPreview: string;
  status: 'unused' | 'ok' | 'error';
  lastError: string | null;
  lastErrorAt: Date | null;
  lastEventAt: Date | null;
  pendingEvents: number;
  deliveredEvents: number;
  failedEvents: number;
  deliveryError: string | null;
  deliveryErrorAt: Date | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The row with its delivery state: counters kept on the pixel by the outbox, and what waits read from the unsent
 * partial index (the backlog only, never the sent history). A waiting event is due when its backoff ends, or when
 * the lease of the worker sending it runs out.
 */
const columns = (sql: Queryable) => sql`
  p.id, p.name, p.pixel_id as "pixelId", p.token_preview as "tokenPreview", p.status, p.last_error as "lastError",
  p.last_error_at as "lastErrorAt", p.last_event_at as "lastEventAt", p.created_at as "createdAt", p.updated_at as "updatedAt",
  p.delivered_events::int as "deliveredEvents", p.failed_events::int as "failedEvents", p.delivery_error as "deliveryError",
  p.delivery_error_at as "deliveryErrorAt", p.last_attempt_at as "lastAttemptAt", w.pending as "pendingEvents", w.next as "nextAttemptAt"`;

const waiting = (sql: Queryable) => sql`
  cross join lateral (
    select count(*)::int as pending, min(case when e.status = 'pending' then e.next_attempt_at else e.lease_expires_at end) as next
    from pixel_events e where e.pixel_id = p.id and e.status in ('pending', 'sending')
  ) w`;

export function listPixels(sql: Queryable, userId: string) {
  return sql<PixelRow[]>`select ${columns(sql)} from meta_pixels p ${waiting(sql)} where p.user_id = ${userId} order by p.created_at desc, p.id`;
}

export async function findPixel(sql: Queryable, userId: string, id: string): Promise<PixelRow | undefined> {
  const [row] = await sql<PixelRow[]>`select ${columns(sql)} from meta_pixels p ${waiting(sql)} where p.user_id = ${userId} and p.id = ${id}`;
  return row;
}

export type PixelWrite = { name: string; pixelId: string; tokenEncrypted: string; tokenPreview: string };

export async function insertPixel(sql: Queryable, userId: string, pixel: PixelWrite): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview)
    values (${userId}, ${pixel.name}, ${pixel.pixelId}, ${pixel.tokenEncrypted}, ${pixel.tokenPreview})
    returning id`;
  if (!row) throw new Error('insert into meta_pixels returned no row');
  return row.id;
}

/** Name and pixel id always; the token only when a new one was given (`token` undefined keeps it). */
export async function updatePixel(sql: Queryable, userId: string, id: string, pixel: Omit<PixelWrite, 'tokenEncrypted' | 'tokenPreview'> & { token?: { encrypted: string; preview: string } | undefined }) {
  const rows = await sql`
    update meta_pixels set name = ${pixel.name}, pixel_id = ${pixel.pixelId},
      token_encrypted = coalesce(${pixel.token?.encrypted ?? null}, token_encrypted),
      token_preview = coalesce(${pixel.token?.preview ?? null}, token_preview), updated_at = now()
    where id = ${id} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

/** Its unsent events go with it (on delete cascade); funnels that used it keep going without a pixel (set null). */
export async function deletePixel(sql: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from meta_pixels where id = ${id} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

export async function findSecret(sql: Queryable, userId: string, id: string) {
  const [row] = await sql<{ pixelId: string; tokenEncrypted: string }[]>`
    select pixel_id as "pixelId", token_encrypted as "tokenEncrypted" from meta_pixels where id = ${id} and user_id = ${userId}`;
  return row;
}

/** A test event Meta accepted: the pixel works. */
export async function markAccepted(sql: Queryable, id: string) {
  await sql`update meta_pixels set status = 'ok', last_error = null, last_error_at = null, last_event_at = now() where id = ${id}`;
}

/** Meta refused a test event or a batch: shown on the pixel until a later success. */
export async function markRefused(sql: Queryable, id: string, message: string) {
  await sql`update meta_pixels set status = 'error', last_error = ${message}, last_error_at = now() where id = ${id}`;
}
