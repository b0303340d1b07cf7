import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { labelFilterSchema } from '../labels/schemas.ts';

/** docs/product.md#limits (contacts). */
export const CONTACT_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  /** most-active and recent lists. */
  topSize: 10,
  /** "Ativos 24h": an interaction within this window. */
  activeWindowMs: 24 * 60 * 60 * 1000,
  /** Telegram's own limit for first and last names. */
  nameMax: 64,
  phoneMax: 32,
  searchMax: 100,
  /** A search counts at most this many matches for its total (docs/decisions.md#p-contacts). */
  searchTotalCap: 1000,
} as const;

/** A contact is (bot, Telegram user) — docs/decisions.md#d-contacts. Telegram ids travel as strings. The synced row. */
export const contactSchema = z.object({
  id: z.string(),
  botId: z.string(),
  telegramId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  isBot: z.boolean(),
  languageCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  messageCount: z.number().int(),
  lastInteractionAt: z.string(),
  createdAt: z.string(),
  /** The workspace labels it carries (shared/labels), oldest applied first. */
  labelIds: z.array(z.string()).default([]),
  /** Imported from a file and not yet written to the bot: broadcasts leave it out until it does (absent: false). */
  awaitingStart: z.boolean().optional(),
});

/** A contact as the contacts API answers it (docs/product.md#entity-contact): the row plus its bot and funnel entry. */
export const contactViewSchema = contactSchema.extend({
  bot: z.object({ name: z.string(), username: z.string() }),
  /** When the contact entered through the funnel of a `funnelId` filter; null otherwise. */
  funnelInfo: z.object({ enteredAt: z.string() }).nullable(),
});

export const contactsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ contacts: z.array(contactViewSchema) }),
  pagination: paginationSchema,
});

export const contactResponseSchema = successEnvelope(z.object({ contact: contactViewSchema }));
export const contactListResponseSchema = successEnvelope(z.object({ contacts: z.array(contactViewSchema) }));

export const CONTACT_SORT_FIELDS = ['lastInteractionAt', 'createdAt', 'firstName', 'messageCount'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export type ContactFilter = 'all' | 'humans' | 'bots';

const booleanParam = z.enum(['true', 'false'], { error: 'Filtro inválido' }).transform((value) => value === 'true');

/** GET /contacts and GET /contacts/bot/{id} (docs/product.md#api-contacts). */
export const contactListQuerySchema = z.object({
  botId: z.uuid({ error: 'Bot inválido' }).optional(),
  search: storableString().trim().max(CONTACT_LIMITS.searchMax, { error: 'Busca muito longa' }).optional(),
  isBot: booleanParam.optional(),
  page: z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' }).default(1),
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int({ error: 'Limite inválido' })
    .min(1, { error: 'Limite inválido' })
    .max(CONTACT_LIMITS.maxPageSize, { error: 'Limite máximo de 100 por página' })
    .default(CONTACT_LIMITS.pageSize),
  sortBy: z.enum(CONTACT_SORT_FIELDS, { error: 'Ordenação inválida' }).default('lastInteractionAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'Ordem inválida' }).default('desc'),
  /** Only the contacts carrying this label of the workspace (another's or a missing label: 404). */
  label: labelFilterSchema.optional(),
});

/** GET /contacts/all: the same plus the funnel the contacts entered through. */
export const allContactsQuerySchema = contactListQuerySchema.extend({
  funnelId: z.uuid({ error: 'Funil inválido' }).optional(),
});

/** most-active and recent: `?limit=` (default 10, ≤ 100). */
export const contactTopQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int({ error: 'Limite inválido' })
    .min(1, { error: 'Limite inválido' })
    .max(CONTACT_LIMITS.maxPageSize, { error: 'Limite máximo de 100 por página' })
    .default(CONTACT_LIMITS.topSize),
});

export const contactStatsSchema = z.object({
  total: z.number().int(),
  humans: z.number().int(),
  bots: z.number().int(),
  withUsername: z.number().int(),
  recentlyActive: z.number().int(),
});

export const contactBotCountSchema = z.object({ botId: z.string(), botName: z.string(), botUsername: z.string(), count: z.number().int() });

export const globalContactStatsSchema = contactStatsSchema.extend({ byBot: z.array(contactBotCountSchema) });

export const contactStatsResponseSchema = successEnvelope(z.object({ stats: contactStatsSchema }));
export const globalContactStatsResponseSchema = successEnvelope(z.object({ stats: globalContactStatsSchema }));

/** Blank optional texts are stored as null (no value), never as an empty string. */
const blankToNull = (value: string | null | undefined) => (value === '' ? null : value);
const PHONE = /^\+?[0-9][0-9 ().-]{4,30}$/;

/** PUT /contacts/{id} and the `contact.update` mutation: only the fields sent change (docs/decisions.md#d-contacts). */
export const updateContactInputSchema = z.object({
  firstName: storableString({ error: 'Nome é obrigatório' })
    .trim()
    .min(1, { error: 'Nome é obrigatório' })
    .max(CONTACT_LIMITS.nameMax, { error: 'Nome deve ter no máximo 64 caracteres' })
    .optional(),
  lastName: storableString({ error: 'Sobrenome inválido' })
    .trim()
    .max(CONTACT_LIMITS.nameMax, { error: 'Sobrenome deve ter no máximo 64 caracteres' })
    .nullable()
    .optional()
    .transform(blankToNull),
  phoneNumber: storableString({ error: 'Telefone inválido' })
    .trim()
    .max(CONTACT_LIMITS.phoneMax, { error: 'Telefone inválido' })
    .refine((value) => value === '' || PHONE.test(value), { error: 'Telefone inválido' })
    .nullable()
    .optional()
    .transform(blankToNull),
});

export type Contact = z.infer<typeof contactSchema>;
export type ContactView = z.infer<typeof contactViewSchema>;
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
export type AllContactsQuery = z.infer<typeof allContactsQuerySchema>;
export type ContactStats = z.infer<typeof contactStatsSchema>;
export type GlobalContactStats = z.infer<typeof globalContactStatsSchema>;
export type UpdateContactInput = z.output<typeof updateContactInputSchema>;
