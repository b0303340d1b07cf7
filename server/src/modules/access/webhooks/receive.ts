/**
 * The purchase webhook pipeline (docs/decisions.md#paid-access), the same for a gateway's delivery, the console's
 * test purchase and a reprocess: the gateway's parser verifies and normalizes the exact bytes received; a refused
 * signature or token stores nothing but the plan's counter (401; written behind, rejection-counter.ts); a verified
 * delivery is stored raw and applied in ONE transaction, so its answer (200 after commit) means the access changed,
 * and a crash before commit leaves nothing for the gateway's retry to trip on. Idempotent by (plan, gateway,
 * transaction, kind): a retry of a processed event answers 200 and writes nothing; a retry of a not processed one
 * rewrites that row.
 */
import { WEBHOOK_GATEWAYS, type WebhookGateway, type WebhookStatus } from '@shared/access/webhook-log.ts';
import type { PurchaseEvent } from '@shared/access/webhook-event.ts';
import type { Queryable } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { PixelOutbox } from '../../../ports/pixel-outbox.ts';
import { GATEWAY_PARSERS } from '../gateways/gateway-parsers.ts';
import type { GatewayParseResult } from '../gateways/result.ts';
import { cachedPlan } from '../plan-cache.ts';
import * as plans from '../plan-repository.ts';
import { gatewayToken, webhookSecret } from '../plan-service.ts';
import { applyEvent, type Applied } from './apply-event.ts';
import { recordPurchase } from './purchase-pixel.ts';
import type { RejectionCounter } from './rejection-counter.ts';
import { WEBHOOK_REASONS } from './reasons.ts';
import * as repo from './repository.ts';

/** `rejections`: the refused deliveries' counter, written behind (rejection-counter.ts). */
export type WebhookDeps = { sql: Queryable; encryptionKey: Uint8Array; pixelOutbox: PixelOutbox; rejections: RejectionCounter };

export type Delivery = { headers: Headers; query: URLSearchParams; rawBody: Uint8Array | string };

/** Where the delivery came from: a gateway (public route), the test button, or a reprocess of a stored row. */
export type Origin = { test: boolean; reprocessId?: string; now?: Date };

/** The answer to give and the row it left (read back only where a screen shows it: log-service.ts). */
export type Receipt = { status: 200 | 400 | 422; webhookId: string; outcome: WebhookStatus; reason: string | null };

type Plan = plans.PlanRow & { userId: string };

/** The headers kept with the raw body: what explains a delivery, never a token (Hotmart's hottok is one). */
const KEPT_HEADERS = ['content-type', 'user-agent', 'x-canalize-signature', 'x-signature', 'x-kiwify-signature'];

export const isGateway = (name: string): name is WebhookGateway => (WEBHOOK_GATEWAYS as readonly string[]).includes(name);

/**
 * The plan a URL names (any workspace's: the signature decides), or 404. `cached`: a gateway's delivery, read
 * through plan-cache.ts; a reprocess reads the row as it is now.
 */
export async function planOf(sql: Queryable, planId: string, cached = false): Promise<Plan> {
  if (!isUuid(planId)) throw notFound();
  const load = () => plans.findPlanById(sql, planId);
  const plan = cached ? await cachedPlan(planId, load) : await load();
  if (!plan) throw notFound();
  return plan;
}

/** Secrets opened once per plan row read (a cached row serves a burst of deliveries). */
const opened = new WeakMap<Plan, Map<WebhookGateway, string>>();

/** The key the gateway's delivery is checked with: the plan's generic secret, or that gateway's token ('' unset). */
export function secretOf(deps: Pick<WebhookDeps, 'encryptionKey'>, plan: Plan, gateway: WebhookGateway): string {
  const secrets = opened.get(plan) ?? new Map<WebhookGateway, string>();
  opened.set(plan, secrets);
  const known = secrets.get(gateway);
  if (known !== undefined) return known;
  const secret = gateway === 'generic' ? webhookSecret(deps, plan) : (gatewayToken(deps, plan, gateway) ?? '');
  secrets.set(gateway, secret);
  return secret;
}

export async function receiveWebhook(deps: WebhookDeps, plan: Plan, gateway: WebhookGateway, delivery: Delivery, origin: Origin): Promise<Receipt> {
  const result = GATEWAY_PARSERS[gateway](delivery, secretOf(deps, plan, gateway), origin.now ?? new Date());
  if (!result.ok && result.status === 401) {
    if (origin.reprocessId) return keep(deps, plan, gateway, delivery, origin, result.reason);
    deps.rejections.add(plan.id);
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 401, result.reason);
  }
  return record(deps, plan, gateway, delivery, origin, result);
}

function stored(plan: Plan, gateway: WebhookGateway, delivery: Delivery, origin: Origin, id: string): Omit<repo.WebhookWrite, 'status' | 'reason' | 'kind' | 'transactionId' | 'email' | 'memberId'> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = delivery.headers.get(name);
    if (value !== null) headers[name] = value.slice(0, 500);
  }
  const signature = delivery.query.get('signature');
  if (signature !== null) headers['query:signature'] = signature.slice(0, 200);
  const rawBody = typeof delivery.rawBody === 'string' ? delivery.rawBody : new TextDecoder().decode(delivery.rawBody);
  return { id, userId: plan.userId, planId: plan.id, gateway, rawBody, headers, test: origin.test };
}

/** A reprocess the signature no longer passes (its token changed since): the row stays not processed, with why. */
async function keep(deps: WebhookDeps, plan: Plan, gateway: WebhookGateway, delivery: Delivery, origin: Origin, reason: string): Promise<Receipt> {
  const id = origin.reprocessId ?? crypto.randomUUID();
  const row = { ...stored(plan, gateway, delivery, origin, id), status: 'NOT_PROCESSED' as const, reason, kind: null, transactionId: null, email: null, memberId: null };
  await repo.saveEvent(deps.sql, row, false);
  return { status: 422, webhookId: id, outcome: 'NOT_PROCESSED', reason };
}

async function record(deps: WebhookDeps, plan: Plan, gateway: WebhookGateway, delivery: Delivery, origin: Origin, result: Exclude<GatewayParseResult, { ok: false; status: 401 }>): Promise<Receipt> {
  const base = stored(plan, gateway, delivery, origin, origin.reprocessId ?? crypto.randomUUID());
  if (!result.ok || 'ignored' in result) {
    const status = result.ok ? 'IGNORED' : 'NOT_PROCESSED';
    const reason = result.ok ? result.ignored : result.reason;
    await repo.saveEvent(deps.sql, { ...base, status, reason, kind: null, transactionId: null, email: null, memberId: null }, !origin.reprocessId);
    return { status: result.ok ? 200 : result.status, webhookId: base.id, outcome: status, reason };
  }
  const event = result.event;
  return inTransaction(deps.sql, async (sql): Promise<Receipt> => {
    const key = { planId: plan.id, gateway, transactionId: event.transactionId, kind: event.kind };
    const existing = await lockedKey(sql, plan, key, origin);
    const repeated = existing && existing.status !== 'NOT_PROCESSED' && existing.id !== origin.reprocessId;
    if (repeated && !origin.reprocessId) return { status: 200, webhookId: existing.id, outcome: existing.status, reason: existing.reason };
    const rowId = origin.reprocessId ?? (existing?.status === 'NOT_PROCESSED' ? existing.id : base.id);
    const applied: Applied = repeated
      ? { status: 'IGNORED', reason: WEBHOOK_REASONS.duplicate, memberId: existing.memberId, paid: false }
      : await applyChecked(deps, sql, plan, event, rowId, origin.test);
    await repo.saveEvent(sql, {
      ...base, id: rowId, status: applied.status, reason: applied.reason, kind: event.kind, transactionId: event.transactionId,
      email: event.buyer.email, memberId: applied.memberId,
    }, !origin.reprocessId);
    return { status: applied.status === 'NOT_PROCESSED' ? 422 : 200, webhookId: rowId, outcome: applied.status, reason: applied.reason };
  });
}

/**
 * Takes the key's lock and reads the row holding it. A delivery sends both statements at once (one round trip):
 * the transaction's connection runs them in order, so the read's snapshot begins after the lock is held and sees
 * a concurrent delivery's committed row. A reprocess also locks its row, in the order every delivery takes them
 * (the key, then the row): two reprocesses apply once.
 */
async function lockedKey(sql: Queryable, plan: Plan, key: repo.IdempotencyKey, origin: Origin) {
  if (!origin.reprocessId) return (await Promise.all([repo.lockKey(sql, key), repo.findByKey(sql, key)]))[1];
  await repo.lockKey(sql, key);
  if ((await repo.lockEvent(sql, plan.userId, origin.reprocessId))?.status !== 'NOT_PROCESSED') {
    throw new AppError('VALIDATION_FAILED', 409, WEBHOOK_REASONS.notReprocessable);
  }
  return repo.findByKey(sql, key);
}

/** The plan's own refusals (archived, another product), then the event's effect and its Purchase. */
async function applyChecked(deps: WebhookDeps, sql: Queryable, plan: Plan, event: PurchaseEvent, webhookId: string, test: boolean): Promise<Applied> {
  if (plan.archivedAt) return { status: 'NOT_PROCESSED', reason: WEBHOOK_REASONS.archived, memberId: null, paid: false };
  const expected = event.gateway === 'generic' ? undefined : plan.productIds[event.gateway];
  if (expected && expected !== event.productId) {
    return { status: 'NOT_PROCESSED', reason: WEBHOOK_REASONS.productMismatch(event.productId, expected), memberId: null, paid: false };
  }
  const applied = await applyEvent(sql, plan, event, webhookId, test);
  if (applied.paid && applied.memberId && !test) await recordPurchase(deps.pixelOutbox, sql, plan, event, applied.memberId);
  return applied;
}
