/**
 * The webhook log as the operator sees it (shared/access/webhook-log.ts): the list with its filters, and
 * "Reprocessar": a not processed event's stored raw body through its gateway's parser again, with the plan's
 * CURRENT settings (the product code fixed, the plan restored), checked as of when it arrived (a signature's
 * replay window is about the delivery, not the reprocess). Two reprocesses at once apply it once (receive.ts locks).
 */
import { webhookEventSchema, type WebhookEvent } from '@shared/access/webhook-log.ts';
import type { AccessMember } from '@shared/access/members.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isUuid } from '../../../lib/ids.ts';
import { getMember } from '../member-service.ts';
import * as plans from '../plan-repository.ts';
import { gatewayToken } from '../plan-service.ts';
import { WEBHOOK_REASONS } from './reasons.ts';
import { planOf, receiveWebhook, type Receipt, type WebhookDeps } from './receive.ts';
import * as repo from './repository.ts';

export const toWebhookEvent = (row: repo.WebhookRow): WebhookEvent => webhookEventSchema.parse({
  id: row.id, planId: row.planId, gateway: row.gateway, receivedAt: row.receivedAt.toISOString(), status: row.status,
  reason: row.reason, kind: row.kind, transactionId: row.transactionId, email: row.email, memberId: row.memberId, test: row.test,
});

export async function listWebhooks(deps: WebhookDeps, userId: string, filter: repo.LogFilter) {
  if (filter.planId && !(await plans.findPlan(deps.sql, userId, filter.planId))) throw notFound();
  const { rows, total } = await repo.listEvents(deps.sql, userId, filter);
  return { webhooks: rows.map(toWebhookEvent), pagination: { page: filter.page, limit: filter.limit, total, totalPages: Math.ceil(total / filter.limit) } };
}

/** The answer of a reprocess and a test purchase: the stored event and the access it touched. */
export async function processedAnswer(deps: WebhookDeps, userId: string, receipt: Receipt): Promise<{ webhook: WebhookEvent; member: AccessMember | null }> {
  const row = await repo.findEvent(deps.sql, userId, receipt.webhookId);
  if (!row) throw notFound();
  const member = row.memberId ? await getMember(deps, userId, row.memberId) : null;
  return { webhook: toWebhookEvent(row), member };
}

export async function reprocessWebhook(deps: WebhookDeps, userId: string, id: string) {
  const row = isUuid(id) ? await repo.findEvent(deps.sql, userId, id) : undefined;
  if (!row) throw notFound();
  if (row.status !== 'NOT_PROCESSED') throw new AppError('VALIDATION_FAILED', 409, WEBHOOK_REASONS.notReprocessable);
  const plan = await planOf(deps.sql, row.planId);
  const headers = new Headers(Object.entries(row.headers).filter(([name]) => !name.startsWith('query:')));
  // The hottok is never stored: the plan's current one stands in for it (a reprocess is the operator's act).
  const hottok = row.gateway === 'hotmart' ? gatewayToken(deps, plan, 'hotmart') : undefined;
  if (hottok) headers.set('x-hotmart-hottok', hottok);
  const query = new URLSearchParams(row.headers['query:signature'] ? { signature: row.headers['query:signature'] } : {});
  const receipt = await receiveWebhook(deps, plan, row.gateway, { headers, query, rawBody: row.rawBody }, { test: row.test, reprocessId: row.id, now: row.receivedAt });
  return processedAnswer(deps, userId, receipt);
}
