/**
 * The log of what the gateways sent a plan (docs/product.md#acessos): every verified webhook is stored raw and
 * answered only after its effects commit. PROCESSED changed an access; IGNORED was understood and changes nothing
 * (a boleto printed, a duplicate of a processed one is not stored again); NOT_PROCESSED was refused with a pt-BR
 * reason the operator reads (unknown product, malformed payload, archived plan) and can be reprocessed.
 */
import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';
import { accessMemberSchema } from './members.ts';

export const WEBHOOK_GATEWAYS = ['hotmart', 'kiwify', 'eduzz', 'generic'] as const;
export type WebhookGateway = (typeof WEBHOOK_GATEWAYS)[number];

export const WEBHOOK_STATUSES = ['PROCESSED', 'IGNORED', 'NOT_PROCESSED'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_STATUS_LABELS: Record<WebhookStatus, string> = { PROCESSED: 'Processado', IGNORED: 'Ignorado', NOT_PROCESSED: 'Não processado' };

export const webhookEventSchema = z.object({
  id: z.string(),
  planId: z.string(),
  gateway: z.enum(WEBHOOK_GATEWAYS),
  receivedAt: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  /** Why it was not processed or ignored, in pt-BR; null when processed. */
  reason: z.string().nullable(),
  /** The normalized event (approved, refunded, chargeback, renewed, canceled, late) once understood. */
  kind: z.string().nullable(),
  transactionId: z.string().nullable(),
  email: z.string().nullable(),
  memberId: z.string().nullable(),
  /** Sent by the "Enviar compra de teste" button. */
  test: z.boolean(),
});

const pageNumber = z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' });

/** GET /access/webhooks */
export const webhookLogQuerySchema = z.object({
  planId: z.uuid({ error: 'Plano não encontrado' }).optional(),
  status: z.enum(WEBHOOK_STATUSES, { error: 'Situação inválida' }).optional(),
  page: pageNumber.default(1),
  limit: pageNumber.max(100, { error: 'Limite inválido' }).default(50),
});

/** POST /access/plans/{id}/test-purchase: a signed sample purchase through the real pipeline of that gateway's URL. */
export const testPurchaseInputSchema = z.object({
  gateway: z.enum(WEBHOOK_GATEWAYS, { error: 'Escolha a plataforma' }),
  email: z.email({ error: 'E-mail inválido' }).optional(),
});

/** What a gateway's delivery is answered: the stored event and what became of it. */
export const webhookReceiptResponseSchema = successEnvelope(z.object({ webhook: z.object({ id: z.string(), status: z.enum(WEBHOOK_STATUSES) }) }));
export const webhookLogResponseSchema = successEnvelope(z.object({ webhooks: z.array(webhookEventSchema), pagination: paginationSchema }));
/** POST /access/webhooks/{id}/reprocess and the test purchase: the stored event after processing, and its access. */
export const webhookProcessedResponseSchema = successEnvelope(z.object({ webhook: webhookEventSchema, member: accessMemberSchema.nullable() }));

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
