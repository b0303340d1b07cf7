import { z } from 'zod';
import { paginationSchema } from '../api/envelope.ts';

/** A contact is (bot, Telegram user) — docs/decisions.md#d-contacts. Telegram ids travel as strings. */
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
});

export const contactsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ contacts: z.array(contactSchema) }),
  pagination: paginationSchema,
});

export const contactListQuerySchema = z.object({
  botId: z.uuid({ error: 'Bot inválido' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'Página inválida' }).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'Limite máximo de 100 por página' }).default(20),
});

export type Contact = z.infer<typeof contactSchema>;
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
