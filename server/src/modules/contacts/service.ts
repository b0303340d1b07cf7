/**
 * Contact reads and writes (docs/product.md#api-contacts, docs/decisions.md#d-contacts). Every function takes
 * `deps.sql`, the pool or the sync push's transaction: `contact.update` and `contact.delete` re-run these same
 * functions offline (docs/offline-sync.md#rule-4).
 */
import { toWebhookContact } from '@shared/webhooks/events.ts';
import { emitWebhookEvent } from '../../ports/webhook-events.ts';
import type { WatchField } from '@shared/flows/node-configs.ts';
import {
  CONTACT_LIMITS,
  contactSchema,
  contactViewSchema,
  type AllContactsQuery,
  type Contact,
  type ContactListQuery,
  type ContactStats,
  type ContactView,
  type GlobalContactStats,
  type UpdateContactInput,
} from '@shared/contacts/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { assertLabelOwned } from '../labels/service.ts';
import * as repo from './repository.ts';

export type ContactsDeps = { sql: Queryable };
export type ContactWriteDeps = ContactsDeps & { runtime: BotRuntime };

export const toContact = (row: repo.ContactRow): Contact =>
  contactSchema.parse({
    ...row,
    telegramId: row.telegramId.toString(),
    lastInteractionAt: row.lastInteractionAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

const toContactView = ({ botName, botUsername, funnelEnteredAt, ...row }: repo.ContactViewRow): ContactView =>
  contactViewSchema.parse({
    ...toContact(row),
    bot: { name: botName, username: botUsername },
    funnelInfo: funnelEnteredAt ? { enteredAt: funnelEnteredAt.toISOString() } : null,
  });

/** `totalCapped` only when a search's total stopped at its cap: `total` is then a lower bound (#p-contacts). */
const pagination = (query: ContactListQuery, total: number, capped = false) => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.ceil(total / query.limit),
  ...(capped ? { totalCapped: true } : {}),
});

async function ownedBot(deps: ContactsDeps, userId: string, botId: string) {
  if (!isUuid(botId) || !(await repo.botOwned(deps.sql, userId, botId))) throw notFound();
}

type FilterRefs = { botId?: string | undefined; funnelId?: string | undefined; label?: string | undefined };

/** A filter naming another workspace's (or a missing) bot, funnel or label is a 404 like a missing one. */
export async function assertFilterOwned(deps: ContactsDeps, userId: string, query: FilterRefs) {
  if (query.botId) await ownedBot(deps, userId, query.botId);
  if (query.funnelId && !(await repo.funnelOwned(deps.sql, userId, query.funnelId))) throw notFound();
  if (query.label) await assertLabelOwned(deps, userId, query.label);
}

/** GET /contacts and /contacts/bot/{id}. */
export async function listContacts(deps: ContactsDeps, userId: string, query: ContactListQuery & { funnelId?: string | undefined }) {
  await assertFilterOwned(deps, userId, query);
  const search = query.search || undefined;
  const { rows, total, capped } = await repo.listContacts(deps.sql, userId, {
    botId: query.botId,
    search,
    isBot: query.isBot,
    funnelId: query.funnelId,
    label: query.label,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  }, search === undefined ? undefined : CONTACT_LIMITS.searchTotalCap);
  return { contacts: rows.map(toContactView), pagination: pagination(query, total, capped) };
}

/**
 * GET /contacts/all: with `funnelId` (the caller's funnel, else 404), the contacts attributed to that funnel, each
 * with funnelInfo.enteredAt (its latest entry; docs/decisions.md#funnel-tracking).
 */
export async function listAllContacts(deps: ContactsDeps, userId: string, query: AllContactsQuery) {
  return listContacts(deps, userId, query);
}

export async function getContact(deps: ContactsDeps, userId: string, contactId: string): Promise<ContactView> {
  const row = isUuid(contactId) ? await repo.findContact(deps.sql, userId, contactId) : undefined;
  if (!row) throw notFound();
  return toContactView(row);
}

const activeSince = () => new Date(Date.now() - CONTACT_LIMITS.activeWindowMs);

export async function botContactStats(deps: ContactsDeps, userId: string, botId: string): Promise<ContactStats> {
  await ownedBot(deps, userId, botId);
  return repo.contactStats(deps.sql, userId, botId, activeSince());
}

export async function globalContactStats(deps: ContactsDeps, userId: string): Promise<GlobalContactStats> {
  const [stats, byBot] = await Promise.all([repo.contactStats(deps.sql, userId, undefined, activeSince()), repo.contactsByBot(deps.sql, userId)]);
  return { ...stats, byBot };
}

/** most-active: most messages first; recent: newest contacts first (docs/decisions.md#p-contacts). */
export async function topContacts(deps: ContactsDeps, userId: string, botId: string, order: 'messages' | 'newest', limit: number) {
  await ownedBot(deps, userId, botId);
  return (await repo.topContacts(deps.sql, userId, botId, order, limit)).map(toContactView);
}

/**
 * PUT /contacts/{id}: a change to a watched field starts the bot's trigger_contact_updated flows watching it
 * (docs/decisions.md#d-contacts), through the runtime. A bot account never fires contact triggers (#p-flows).
 */
export async function updateContact(deps: ContactWriteDeps, userId: string, contactId: string, input: UpdateContactInput): Promise<ContactView> {
  const row = isUuid(contactId) ? await inTransaction(deps.sql, async (tx) => editedWithEvent(tx, userId, await repo.updateContact(tx, userId, contactId, input))) : undefined;
  if (!row) throw notFound();
  const { changedFields, ...contact } = row;
  if (changedFields.length > 0 && !contact.isBot) {
    // Not awaited: the answer does not wait for the flow's Telegram messages (the runtime logs its own failures).
    void deps.runtime.contactEdited({
      botId: contact.botId,
      changedFields,
      contact: {
        telegramId: Number(contact.telegramId),
        firstName: contact.firstName,
        lastName: contact.lastName,
        username: contact.username,
        phoneNumber: contact.phoneNumber,
      },
    });
  }
  return toContactView(contact);
}

/** The edit's changed fields, and its contact.updated webhook event in the edit's transaction. */
async function editedWithEvent(tx: Queryable, userId: string, row: Awaited<ReturnType<typeof repo.updateContact>>) {
  if (!row) return undefined;
  const { firstNameChanged, lastNameChanged, phoneNumberChanged, ...contact } = row;
  const changedFields: WatchField[] = [];
  if (firstNameChanged) changedFields.push('firstName');
  if (lastNameChanged) changedFields.push('lastName');
  if (phoneNumberChanged) changedFields.push('phoneNumber');
  if (changedFields.length > 0 && !contact.isBot) await emitWebhookEvent(tx, userId, 'contact.updated', { contact: toWebhookContact(contact), changedFields });
  return { ...contact, changedFields };
}

/** DELETE /contacts/{id}: its messages go too. */
export async function deleteContact(deps: ContactsDeps, userId: string, contactId: string): Promise<void> {
  if (!isUuid(contactId) || !(await repo.deleteContact(deps.sql, userId, contactId))) throw notFound();
}
