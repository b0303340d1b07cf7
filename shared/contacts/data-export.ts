/**
 * A contact's data on request (LGPD, art. 18): the file "Exportar dados (LGPD)" downloads, everything the account
 * holds about one contact, and the answer of "Apagar dados (LGPD)". Telegram ids travel as strings; dates as ISO.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { contactSchema } from './schemas.ts';

const iso = z.string();
const nullableIso = z.string().nullable();

/** A landing-page visit the contact came through (funnel tracking): what the page and the browser told us. */
export const exportedVisitSchema = z.object({
  url: z.string(),
  lastUrl: z.string(),
  referrer: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  fbclid: z.string().nullable(),
  fbp: z.string().nullable(),
  fbc: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  firstSeenAt: iso,
  lastSeenAt: iso,
});

export const contactExportSchema = z.object({
  format: z.literal('canalize.contact'),
  version: z.literal(1),
  exportedAt: iso,
  contact: contactSchema.extend({
    bot: z.object({ id: z.string(), name: z.string(), username: z.string() }),
    blockedAt: nullableIso,
    updatedAt: iso,
  }),
  messages: z.array(z.object({
    id: z.string(),
    direction: z.enum(['in', 'out']),
    source: z.string(),
    type: z.string(),
    text: z.string().nullable(),
    /** Telegram's whole message object as received or sent. */
    payload: z.unknown(),
    buttons: z.unknown(),
    status: z.string(),
    error: z.string().nullable(),
    chatId: z.string(),
    telegramMessageId: z.string().nullable(),
    readAt: nullableIso,
    createdAt: iso,
  })),
  /** The team's internal notes about the contact (never sent to them), with the member who wrote each. */
  notes: z.array(z.object({ id: z.string(), text: z.string(), authorId: z.string().nullable(), authorName: z.string().nullable(), createdAt: iso })),
  /** Flow runs with the variables they held about the contact. */
  flowRuns: z.array(z.object({
    id: z.string(), flowId: z.string(), flowName: z.string(), status: z.string(), chatId: z.string(),
    variables: z.unknown(), startedAt: iso, finishedAt: nullableIso,
  })),
  funnelEntries: z.array(z.object({
    funnelId: z.string(), funnelName: z.string(), enteredAt: iso, leftAt: nullableIso, visit: exportedVisitSchema.nullable(),
  })),
  joinRequests: z.array(z.object({
    funnelId: z.string(), funnelName: z.string(), chatId: z.string(), requestedAt: iso, visit: exportedVisitSchema.nullable(),
  })),
  /** Conversions API events about the contact, with the customer data sent to Meta (hashed where Meta wants it). */
  pixelEvents: z.array(z.object({
    pixelId: z.string(), eventName: z.string(), eventTime: iso, status: z.string(), sentAt: nullableIso, userData: z.unknown(),
  })),
  broadcasts: z.array(z.object({ broadcastId: z.string(), name: z.string(), status: z.string(), reason: z.string().nullable(), updatedAt: iso })),
  /** Joins to and leaves from the bot's groups and channels. */
  memberships: z.array(z.object({ chatId: z.string(), kind: z.enum(['join', 'leave']), occurredAt: iso })),
  deliveryFailures: z.array(z.object({ purpose: z.string(), description: z.string(), createdAt: iso })),
  /** The workspace's labels on the contact (contact.labelIds), named, with when each was applied. */
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.string(), appliedAt: iso })),
});
export type ContactExport = z.infer<typeof contactExportSchema>;

/** What "Apagar dados (LGPD)" removed, by kind (also the audit line's detail). */
export const contactErasureSchema = z.object({
  messages: z.number().int(),
  notes: z.number().int(),
  flowRuns: z.number().int(),
  funnelEntries: z.number().int(),
  joinRequests: z.number().int(),
  pixelEvents: z.number().int(),
  funnelVisits: z.number().int(),
  broadcastRecipients: z.number().int(),
  memberships: z.number().int(),
  deliveryFailures: z.number().int(),
  /** Paid accesses kept for the reports without the person (e-mail, name, phone, Telegram account, raw webhooks). */
  accesses: z.number().int(),
  /** Labels taken off the contact (the labels themselves stay the workspace's). */
  labels: z.number().int(),
});
export type ContactErasure = z.infer<typeof contactErasureSchema>;

export const contactErasureResponseSchema = successEnvelope(z.object({ erased: contactErasureSchema }));

/** Texts of the contact's data actions (pt-BR). */
export const CONTACT_DATA_TEXTS = {
  exportLabel: 'Exportar dados (LGPD)',
  eraseLabel: 'Apagar dados (LGPD)',
  eraseTitle: 'Apagar dados do contato',
  eraseQuestion:
    'Serão apagados de forma definitiva o perfil do contato, todas as mensagens da conversa, as entradas em funis, as variáveis dos fluxos, as solicitações de entrada, os dados pessoais dos eventos de pixel (identificador, IP, navegador, cookies fbp/fbc) e dos acessos pagos (e-mail, nome, telefone, conta do Telegram, webhooks da compra). Os totais, estatísticas e a receita continuam. Não é possível desfazer.',
  eraseConfirm: 'Apagar dados',
  exported: 'Dados do contato exportados',
  exportError: 'Erro ao exportar os dados do contato',
  erased: 'Dados do contato apagados',
  eraseError: 'Erro ao apagar os dados do contato',
} as const;
