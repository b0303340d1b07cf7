/**
 * The events outgoing webhooks carry (docs/product.md#api-webhooks): their names, what each one's `data` holds, and
 * the body every delivery POSTs. The contract for receivers (and for the OpenAPI document): the server builds each
 * `data` with these schemas, so a receiver can parse a delivery with them.
 * Ids are strings (uuids); Telegram ids are strings too (they outgrow a double's safe integers); times are ISO 8601.
 */
import { z } from 'zod';
import { ACCESS_STATUSES } from '../access/texts.ts';

const id = z.string();
const telegramId = z.string().regex(/^-?\d+$/);
const isoTime = z.string();

export const webhookContactSchema = z.object({
  id,
  botId: id,
  telegramId,
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

type ContactLike = {
  id: string; botId: string; telegramId: bigint | number | string; firstName: string; lastName: string | null; username: string | null; phoneNumber: string | null;
};

/** A contact as events carry it (Telegram ids as strings). */
export const toWebhookContact = (contact: ContactLike): z.input<typeof webhookContactSchema> => ({
  id: contact.id, botId: contact.botId, telegramId: String(contact.telegramId), firstName: contact.firstName, lastName: contact.lastName,
  username: contact.username, phoneNumber: contact.phoneNumber,
});

export const webhookMessageSchema = z.object({
  id,
  botId: id,
  contactId: id,
  direction: z.enum(['in', 'out']),
  /** text, photo, video, document, voice, …: the inbox's message types. */
  type: z.string(),
  text: z.string().nullable(),
});

/** A person joining or leaving a channel or group where a bot is administrator. */
const membership = z.object({ botId: id, chatId: telegramId, telegramUserId: telegramId, at: isoTime });

export const webhookAccessSchema = z.object({
  id,
  planId: id,
  status: z.enum(ACCESS_STATUSES),
  /** Null: lifetime. */
  accessUntil: isoTime.nullable(),
  telegramUserId: telegramId.nullable(),
  email: z.string().nullable(),
});
const accessChange = z.object({ access: webhookAccessSchema, cause: z.enum(['webhook', 'operator', 'schedule', 'telegram']) });

export const WEBHOOK_EVENT_TYPES = [
  'contact.created', 'contact.updated', 'message.received', 'message.sent', 'conversation.assigned', 'member.joined', 'member.left',
  'join_request.received', 'flow.completed', 'broadcast.completed', 'funnel.entered', 'access.granted', 'access.renewed', 'access.linked',
  'access.updated', 'access.expired', 'access.canceled', 'access.refunded', 'access.chargeback', 'access.revoked', 'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DATA = {
  'contact.created': z.object({ contact: webhookContactSchema }),
  'contact.updated': z.object({ contact: webhookContactSchema, changedFields: z.array(z.string()) }),
  'message.received': z.object({ message: webhookMessageSchema }),
  'message.sent': z.object({ message: webhookMessageSchema }),
  'conversation.assigned': z.object({ contactId: id, botId: id, assigneeId: id.nullable(), actorId: id.nullable() }),
  'member.joined': membership,
  'member.left': membership,
  'join_request.received': z.object({ botId: id, chatId: telegramId, telegramUserId: telegramId, at: isoTime }),
  'flow.completed': z.object({ flowId: id, botId: id, contactId: id.nullable(), telegramUserId: telegramId.nullable() }),
  'broadcast.completed': z.object({ broadcastId: id, name: z.string(), status: z.string(), sent: z.number().int(), failed: z.number().int() }),
  'funnel.entered': z.object({ funnelId: id, botId: id, chatId: telegramId, contactId: id, telegramUserId: telegramId, visitId: id.nullable() }),
  'access.granted': accessChange,
  'access.renewed': accessChange,
  'access.linked': accessChange,
  'access.updated': accessChange,
  'access.expired': accessChange,
  'access.canceled': accessChange,
  'access.refunded': accessChange,
  'access.chargeback': accessChange,
  'access.revoked': accessChange,
  /** The "Enviar evento de teste" action: nothing happened, the receiver only checks it can read and verify. */
  'webhook.test': z.object({ message: z.string() }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** What a subscription may ask for (the test event goes to whoever asks for it, never by subscription). */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type): type is Exclude<WebhookEventType, 'webhook.test'> => type !== 'webhook.test');
export type SubscribableEventType = Exclude<WebhookEventType, 'webhook.test'>;
export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The body of every delivery; `id` is the event's (a redelivery repeats it: receivers deduplicate by it). */
export const webhookEnvelopeSchema = z.object({
  id,
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: isoTime,
  workspaceId: id,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/** The headers of a delivery besides the signature (shared with the signature's own header name on the server). */
export const WEBHOOK_EVENT_ID_HEADER = 'X-Canalize-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'X-Canalize-Event-Type';

/** pt-BR names of the events, grouped as the screen shows them. */
export const WEBHOOK_EVENT_GROUPS: ReadonlyArray<{ label: string; events: ReadonlyArray<{ type: WebhookEventType; label: string }> }> = [
  { label: 'Contatos', events: [{ type: 'contact.created', label: 'Contato criado' }, { type: 'contact.updated', label: 'Contato atualizado' }] },
  {
    label: 'Conversas',
    events: [
      { type: 'message.received', label: 'Mensagem recebida' },
      { type: 'message.sent', label: 'Mensagem enviada' },
      { type: 'conversation.assigned', label: 'Conversa atribuída' },
    ],
  },
  {
    label: 'Canais e grupos',
    events: [
      { type: 'member.joined', label: 'Membro entrou' },
      { type: 'member.left', label: 'Membro saiu' },
      { type: 'join_request.received', label: 'Pedido de entrada recebido' },
    ],
  },
  {
    label: 'Automação',
    events: [
      { type: 'flow.completed', label: 'Fluxo concluído' },
      { type: 'broadcast.completed', label: 'Disparo concluído' },
      { type: 'funnel.entered', label: 'Entrada no funil' },
    ],
  },
  {
    label: 'Acesso pago',
    events: [
      { type: 'access.granted', label: 'Acesso concedido' },
      { type: 'access.renewed', label: 'Acesso renovado' },
      { type: 'access.linked', label: 'Conta do Telegram vinculada' },
      { type: 'access.updated', label: 'Prazo alterado' },
      { type: 'access.expired', label: 'Acesso expirado' },
      { type: 'access.canceled', label: 'Assinatura cancelada' },
      { type: 'access.refunded', label: 'Reembolso' },
      { type: 'access.chargeback', label: 'Estorno (chargeback)' },
      { type: 'access.revoked', label: 'Acesso revogado' },
    ],
  },
];
