/**
 * Outgoing webhooks (docs/product.md#api-webhooks, docs/decisions.md#outgoing-webhooks): subscriptions, their
 * delivery log, redelivery and the test event. The destination passes the outbound-address guard when it is saved
 * (and again at every delivery, post.ts). The signing secret is encrypted at rest and shown to owners and admins in
 * the creation's answer and in GET /webhooks/{id} (Stripe's "reveal"), never in the list.
 */
import { WEBHOOK_LIMITS, WEBHOOK_TEXTS, webhookDeliverySchema, webhookListItemSchema, webhookSchema, type CreateWebhookInput, type UpdateWebhookInput, type Webhook, type WebhookListItem, type WebhookDeliveriesQuery, type WebhookDelivery, type WebhookWithSecret } from '@shared/webhooks/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { checkTarget } from '../../lib/address-guard.ts';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enqueueRounds } from './deliver-job.ts';
import { webhookBody } from './outbox.ts';
import * as repo from './repository.ts';

export type WebhooksDeps = { sql: Queryable; encryptionKey: Uint8Array; allowPrivate: boolean };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const invalidUrl = (message: string) => new AppError('VALIDATION_FAILED', 422, message, { url: message });

const toWebhook = (row: repo.WebhookRow): Webhook =>
  webhookSchema.parse({
    id: row.id, url: row.url, description: row.description, events: row.events, enabled: row.enabled, pausedAt: iso(row.pausedAt),
    pauseReason: row.pauseReason, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  });

export const toDelivery = (row: repo.DeliveryRow): WebhookDelivery =>
  webhookDeliverySchema.parse({
    id: row.id, eventId: row.eventId, type: row.type, status: row.status, attempts: row.attempts, responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt, durationMs: row.durationMs, error: row.error, createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null, deliveredAt: iso(row.deliveredAt),
  });

/** A destination on loopback, a private or link-local network is refused unless the server allows it. */
async function checkDestination(deps: WebhooksDeps, url: string): Promise<void> {
  if (deps.allowPrivate) return;
  const checked = await checkTarget(new URL(url).hostname).catch(() => undefined);
  if (!checked) throw invalidUrl(WEBHOOK_TEXTS.urlUnresolved);
  if ('refused' in checked) throw invalidUrl(WEBHOOK_TEXTS.urlPrivate);
}

export async function listWebhooks(deps: WebhooksDeps, userId: string): Promise<WebhookListItem[]> {
  return (await repo.listWebhooks(deps.sql, userId)).map((row) =>
    webhookListItemSchema.parse({
      ...toWebhook(row),
      lastDelivery: row.lastStatus && row.lastAt ? { status: row.lastStatus, responseStatus: row.lastResponseStatus, createdAt: row.lastAt.toISOString() } : null,
    }));
}

async function ownedRow(deps: WebhooksDeps, userId: string, id: string): Promise<repo.WebhookRow> {
  const row = isUuid(id) ? await repo.findWebhook(deps.sql, userId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getWebhook(deps: WebhooksDeps, userId: string, id: string): Promise<WebhookWithSecret> {
  const row = await ownedRow(deps, userId, id);
  return { ...toWebhook(row), secret: decryptSecret(row.secretEncrypted, deps.encryptionKey) };
}

export async function createWebhook(deps: WebhooksDeps, userId: string, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  await checkDestination(deps, input.url);
  const secret = `whsec_${randomToken(32)}`;
  const id = await inTransaction(deps.sql, async (tx) => {
    if ((await repo.countWebhooks(tx, userId)) >= WEBHOOK_LIMITS.perWorkspace) throw new AppError('WEBHOOK_LIMIT', 409);
    return repo.insertWebhook(tx, userId, { url: input.url, description: input.description, events: input.events, secretEncrypted: encryptSecret(secret, deps.encryptionKey) });
  });
  return getWebhook(deps, userId, id);
}

/** Enabling (or resuming a paused one) starts a round for what queued meanwhile. */
export async function updateWebhook(deps: WebhooksDeps, userId: string, id: string, input: UpdateWebhookInput): Promise<WebhookWithSecret> {
  if (input.url !== undefined) await checkDestination(deps, input.url);
  await inTransaction(deps.sql, async (tx) => {
    if (!isUuid(id) || !(await repo.updateWebhook(tx, userId, id, input))) throw notFound();
    if (input.enabled === true) await startRound(tx, userId, id);
  });
  return getWebhook(deps, userId, id);
}

export async function deleteWebhook(deps: WebhooksDeps, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteWebhook(deps.sql, userId, id))) throw notFound();
}

export async function listDeliveries(deps: WebhooksDeps, userId: string, id: string, query: WebhookDeliveriesQuery) {
  await ownedRow(deps, userId, id);
  const rows = await repo.listDeliveries(deps.sql, userId, id, query, WEBHOOK_LIMITS.deliveriesPage);
  const last = rows.length === WEBHOOK_LIMITS.deliveriesPage ? rows.at(-1) : undefined;
  return { deliveries: rows.map(toDelivery), nextBefore: last ? last.seq.toString() : null };
}

async function startRound(tx: Queryable, userId: string, webhookId: string) {
  const generation = await repo.lockGeneration(tx, userId, webhookId);
  if (generation !== undefined) await enqueueRounds(tx, [{ webhookId, userId, generation }]);
}

/** The same event again (same id and body, signed anew), at the end of the subscription's queue. */
export async function redeliver(deps: WebhooksDeps, userId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  await ownedRow(deps, userId, webhookId);
  const original = isUuid(deliveryId) ? await repo.findDelivery(deps.sql, userId, webhookId, deliveryId) : undefined;
  if (!original) throw notFound();
  if (original.status === 'pending' || original.status === 'sending') throw new AppError('WEBHOOK_DELIVERY_QUEUED', 409);
  return queueDelivery(deps, userId, webhookId, { eventId: original.eventId, type: original.type, body: original.body });
}

/** "Enviar evento de teste": a webhook.test event to this subscription alone, in its queue like any other. */
export async function sendTestEvent(deps: WebhooksDeps, userId: string, webhookId: string): Promise<WebhookDelivery> {
  await ownedRow(deps, userId, webhookId);
  const eventId = crypto.randomUUID();
  const body = webhookBody({ workspaceId: userId, type: 'webhook.test', data: { message: 'Evento de teste do Canalize' } }, eventId, new Date());
  if (body === undefined) throw new Error('test event outside its schema');
  return queueDelivery(deps, userId, webhookId, { eventId, type: 'webhook.test', body });
}

async function queueDelivery(deps: WebhooksDeps, userId: string, webhookId: string, event: { eventId: string; type: string; body: string }) {
  const id = await inTransaction(deps.sql, async (tx) => {
    const delivery = await repo.insertDelivery(tx, { userId, webhookId, ...event });
    await startRound(tx, userId, webhookId);
    return delivery;
  });
  const row = await repo.findDelivery(deps.sql, userId, webhookId, id);
  if (!row) throw notFound();
  return toDelivery(row);
}
