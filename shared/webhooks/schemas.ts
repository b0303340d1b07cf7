/**
 * Outgoing webhooks (docs/product.md#api-webhooks): a subscription (a destination URL and the events it wants), its
 * delivery log, and the pt-BR texts of the screen. The server validates with these schemas and answers with them.
 * The signing secret is shown to owners and admins (the only roles with this area): in the creation's answer and in
 * GET /webhooks/{id}, never in the list.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { SUBSCRIBABLE_EVENT_TYPES } from './events.ts';

export const WEBHOOK_LIMITS = { urlMax: 2000, descriptionMax: 300, perWorkspace: 20, deliveriesPage: 50 } as const;

export const WEBHOOK_TEXTS = {
  urlInvalid: 'Informe uma URL http:// ou https:// válida',
  urlTooLong: 'URL muito longa (máximo 2000 caracteres)',
  urlPrivate: 'Este endereço não é permitido: use um endereço público na internet (não local nem de rede privada).',
  urlUnresolved: 'Não foi possível encontrar este endereço. Confira o nome do servidor.',
  eventsRequired: 'Escolha pelo menos um evento',
  eventUnknown: 'Evento desconhecido',
  descriptionTooLong: 'Descrição muito longa (máximo 300 caracteres)',
  tooMany: 'Limite de 20 webhooks por equipe atingido',
  notRedeliverable: 'Esta entrega ainda está na fila',
  pausedNotice: 'Pausado após falhas seguidas: confira o endereço e retome.',
  statusLabels: { pending: 'Na fila', sending: 'Enviando', delivered: 'Entregue', failed: 'Falhou' },
} as const;

const url = storableString({ error: WEBHOOK_TEXTS.urlInvalid })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, { error: WEBHOOK_TEXTS.urlTooLong })
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, { error: WEBHOOK_TEXTS.urlInvalid });

const events = z
  .array(z.enum(SUBSCRIBABLE_EVENT_TYPES, { error: WEBHOOK_TEXTS.eventUnknown }), { error: WEBHOOK_TEXTS.eventsRequired })
  .min(1, { error: WEBHOOK_TEXTS.eventsRequired })
  .max(SUBSCRIBABLE_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const description = storableString().trim().max(WEBHOOK_LIMITS.descriptionMax, { error: WEBHOOK_TEXTS.descriptionTooLong });

export const createWebhookInputSchema = z.object({ url, events, description: description.optional().default('') });
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

/** PUT and PATCH alike: what is absent stays as it is; `enabled: true` also resumes a paused subscription. */
export const updateWebhookInputSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Set when the server paused the subscription after failing deliveries (events keep queueing until it resumes). */
  pausedAt: z.string().nullable(),
  pauseReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation's answer and GET /webhooks/{id}: the subscription with its signing secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null before one answered. */
  responseStatus: z.number().int().nullable(),
  /** The first characters of the receiver's answer (never stored whole). */
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A list entry: the subscription and its newest delivery's outcome (null before the first). */
export const webhookListItemSchema = webhookSchema.extend({
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), responseStatus: z.number().int().nullable(), createdAt: z.string() }).nullable(),
});
export type WebhookListItem = z.infer<typeof webhookListItemSchema>;

export const webhookDeliveriesQuerySchema = z.object({
  /** The last seq of the previous page (newest first). */
  before: z.string().regex(/^\d{1,18}$/, 'Página inválida').optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Status inválido' }).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookListResponseSchema = successEnvelope(z.object({ webhooks: z.array(webhookListItemSchema) }));
export const webhookResponseSchema = successEnvelope(z.object({ webhook: webhookWithSecretSchema }));
export const webhookDeliveriesResponseSchema = successEnvelope(z.object({ deliveries: z.array(webhookDeliverySchema), nextBefore: z.string().nullable() }));
export const webhookDeliveryResponseSchema = successEnvelope(z.object({ delivery: webhookDeliverySchema }));
