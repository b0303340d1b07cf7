/**
 * POST /access/plans/{id}/test-purchase: the console's "Enviar compra de teste". A sample approved purchase of that
 * gateway, signed with the plan's token (refused in pt-BR when the gateway has none: the real ones would be
 * refused too), through the very pipeline a gateway's delivery takes, marked as a test: it opens a real access
 * waiting for its claim, and is never reported to Meta.
 */
import { ACCESS_SOURCE_LABELS, ACCESS_TEXTS } from '@shared/access/texts.ts';
import type { WebhookGateway } from '@shared/access/webhook-log.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isUuid } from '../../../lib/ids.ts';
import * as plans from '../plan-repository.ts';
import { processedAnswer } from './log-service.ts';
import { WEBHOOK_REASONS } from './reasons.ts';
import { receiveWebhook, secretOf, type WebhookDeps } from './receive.ts';
import { SAMPLES } from './sample-purchase.ts';

const DEFAULT_EMAIL = 'comprador.teste@exemplo.com';

export async function sendTestPurchase(deps: WebhookDeps, userId: string, planId: string, input: { gateway: WebhookGateway; email?: string | undefined }) {
  const row = isUuid(planId) ? await plans.findPlan(deps.sql, userId, planId) : undefined;
  if (!row) throw notFound();
  if (row.archivedAt) throw new AppError('VALIDATION_FAILED', 409, ACCESS_TEXTS.archived);
  const plan = { ...row, userId };
  const secret = secretOf(deps, plan, input.gateway);
  if (secret === '') {
    const message = WEBHOOK_REASONS.tokenMissing(ACCESS_SOURCE_LABELS[input.gateway]);
    throw new AppError('VALIDATION_FAILED', 422, message, { gateway: message });
  }
  const now = new Date();
  const sample = { transactionId: `TESTE-${crypto.randomUUID().slice(0, 13).toUpperCase()}`, email: input.email ?? DEFAULT_EMAIL, now };
  const receipt = await receiveWebhook(deps, plan, input.gateway, SAMPLES[input.gateway](row, sample, secret), { test: true, now });
  return processedAnswer(deps, userId, receipt);
}
