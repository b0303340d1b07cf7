/**
 * The generic signed webhook (contract in shared/access/webhook-generic.ts): any Pix gateway or checkout posts the
 * documented JSON signed with the plan's webhookSecret in `X-Canalize-Signature`. The signature is checked before
 * the body is parsed; a stale or future timestamp is a replay (401).
 */
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { GENERIC_DEFAULT_CURRENCY, GENERIC_EVENT_KINDS, genericWebhookBodySchema } from '@shared/access/webhook-generic.ts';
import { SIGNATURE_HEADER, verify, type SignatureFailure } from '../../../lib/signature.ts';
import { toInstant } from './instant.ts';
import { unitsToCents } from './money.ts';
import { normalizePhone } from './phone.ts';
import { finishEvent, parseJsonObject, unauthorized, unprocessable, type GatewayParser } from './result.ts';
import { text } from './values.ts';

const SIGNATURE_REASONS: Record<SignatureFailure, string> = {
  missing: WEBHOOK_TEXTS.signatureMissing,
  malformed: WEBHOOK_TEXTS.signatureMalformed,
  mismatch: WEBHOOK_TEXTS.signatureMismatch,
  replay: WEBHOOK_TEXTS.signatureReplay,
};

export const parseGeneric: GatewayParser = (delivery, secret, now) => {
  if (secret === '') return unauthorized(WEBHOOK_TEXTS.secretNotConfigured);
  const check = verify(secret, delivery.headers.get(SIGNATURE_HEADER), delivery.rawBody, now);
  if (!check.ok) return unauthorized(SIGNATURE_REASONS[check.reason]);
  const json = parseJsonObject(delivery.rawBody);
  if (!json.ok) return json.result;
  const parsed = genericWebhookBodySchema.safeParse(json.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unprocessable(WEBHOOK_TEXTS.fieldProblem(issue?.path.join('.') || 'corpo', issue?.message ?? WEBHOOK_TEXTS.required));
  }
  const body = parsed.data;
  const phoneText = text(body.buyer.phone);
  const phone = phoneText === undefined ? undefined : normalizePhone(phoneText);
  if (phoneText !== undefined && phone === undefined) return unprocessable(WEBHOOK_TEXTS.fieldProblem('buyer.phone', WEBHOOK_TEXTS.phoneInvalid));
  const paidUntil = body.paidUntil ? toInstant(body.paidUntil, { endOfDay: true }) : undefined;
  if (body.paidUntil && paidUntil === undefined) return unprocessable(WEBHOOK_TEXTS.fieldProblem('paidUntil', WEBHOOK_TEXTS.dateInvalid));
  const amountCents = typeof body.amount === 'number' ? unitsToCents(body.amount) : undefined;
  return finishEvent(
    {
      gateway: 'generic',
      kind: GENERIC_EVENT_KINDS[body.event],
      transactionId: body.transactionId,
      buyer: { email: body.buyer.email, name: text(body.buyer.name), phone },
      amountCents,
      currency: amountCents === undefined ? text(body.currency) : (text(body.currency) ?? GENERIC_DEFAULT_CURRENCY),
      paidUntil,
      trackingSource: text(body.src),
    },
    {},
  );
};
