import type { Queryable } from '../../db/client.ts';
import { contactSchema, type Contact, type ContactListQuery } from '@shared/contacts/schemas.ts';
import * as repo from './repository.ts';

export type ContactsDeps = { sql: Queryable };

export const toContact = (row: repo.ContactRow): Contact =>
  contactSchema.parse({
    ...row,
    telegramId: row.telegramId.toString(),
    lastInteractionAt: row.lastInteractionAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

/** A page of contacts, most recent interaction first (the inbox issue extends this list). */
export async function listContacts(deps: ContactsDeps, userId: string, query: ContactListQuery) {
  const { rows, total } = await repo.listContacts(deps.sql, userId, {
    botId: query.botId,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    contacts: rows.map(toContact),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}
