/**
 * A buyer's access to a plan (docs/product.md#acessos): its state, who it is (e-mail from the purchase, Telegram id
 * once the claim link is opened), until when, and every change with its cause. GET /access/plans/{id}/members
 * answers `data.members[]` in this shape.
 */
import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { isTimeZone } from '../funnels/schemas.ts';
import { ACCESS_CAUSES, ACCESS_LIMITS, ACCESS_SOURCES, ACCESS_STATUSES, ACCESS_TEXTS } from './texts.ts';

export const accessEventSchema = z.object({
  at: z.string(),
  status: z.enum(ACCESS_STATUSES),
  cause: z.enum(ACCESS_CAUSES),
  accessUntil: z.string().nullable(),
  detail: z.string().nullable(),
  /** The member who acted, when an operator did. */
  actorName: z.string().nullable(),
});

export const accessMemberSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(ACCESS_STATUSES),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  telegramId: z.string().nullable(),
  contactId: z.string().nullable(),
  source: z.enum(ACCESS_SOURCES),
  transactionId: z.string().nullable(),
  /** https://t.me/<bot>?start=<code> while the purchase waits for its Telegram account; null once claimed. */
  claimLink: z.string().nullable(),
  /** Null while active: lifetime. */
  accessUntil: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(accessEventSchema),
});

const email = storableString({ error: ACCESS_TEXTS.emailInvalid })
  .trim()
  .toLowerCase()
  .max(ACCESS_LIMITS.emailMax, { error: ACCESS_TEXTS.emailInvalid })
  .pipe(z.email({ error: ACCESS_TEXTS.emailInvalid }));
const futureDate = z.iso.datetime({ offset: true, error: ACCESS_TEXTS.accessUntilInvalid });

/** PATCH /access/members/{id}: a new end of access (extend or shorten); null makes it lifetime. */
export const updateAccessMemberInputSchema = z.object({ accessUntil: futureDate.nullable() });

/** POST /access/plans/{id}/members: a manual grant (gift, support case), for `days` or lifetime. */
export const grantAccessInputSchema = z
  .object({
    email,
    name: storableString().trim().max(120).optional(),
    days: z.number({ error: ACCESS_TEXTS.daysInvalid }).int({ error: ACCESS_TEXTS.daysInvalid }).min(1, { error: ACCESS_TEXTS.daysInvalid }).max(ACCESS_LIMITS.durationMaxDays, { error: ACCESS_TEXTS.daysInvalid }).optional(),
    lifetime: z.boolean().optional(),
    note: storableString().trim().max(500).optional(),
  });

/** POST /access/members/{id}/revoke: an optional reason kept in the history. */
export const revokeAccessInputSchema = z.object({ reason: storableString().trim().max(500).optional() });

const pageNumber = z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' });

/** GET /access/plans/{id}/members and GET /access/members: filters of the screen. */
export const accessMemberListQuerySchema = z.object({
  status: z.enum(ACCESS_STATUSES, { error: 'Situação inválida' }).optional(),
  planId: z.uuid({ error: 'Plano não encontrado' }).optional(),
  search: storableString().trim().max(100).optional(),
  /** Holding access and ending within this many days. */
  expiringInDays: z.coerce.number({ error: 'Prazo inválido' }).int({ error: 'Prazo inválido' }).min(1, { error: 'Prazo inválido' }).max(365, { error: 'Prazo inválido' }).optional(),
  /** The accesses of one contact (its page shows them). */
  contactId: z.uuid({ error: 'Contato não encontrado' }).optional(),
  page: pageNumber.default(1),
  limit: pageNumber.max(100, { error: 'Limite inválido' }).default(50),
});

/** GET /access/members/export: the list's filters, every page, dates in the viewer's time zone. */
export const accessMemberExportQuerySchema = accessMemberListQuerySchema.omit({ page: true, limit: true }).extend({
  tz: z.string().max(64, { error: 'Fuso horário inválido' }).refine(isTimeZone, { error: 'Fuso horário inválido' }).default('UTC'),
});

export const accessMemberResponseSchema = successEnvelope(z.object({ member: accessMemberSchema }));
export const accessMemberListResponseSchema = successEnvelope(z.object({ members: z.array(accessMemberSchema), pagination: paginationSchema }));

export type AccessMember = z.infer<typeof accessMemberSchema>;
export type AccessEvent = z.infer<typeof accessEventSchema>;
export type GrantAccessInput = z.output<typeof grantAccessInputSchema>;
export type AccessMemberListQuery = z.output<typeof accessMemberListQuerySchema>;
export type AccessMemberExportQuery = z.output<typeof accessMemberExportQuerySchema>;
