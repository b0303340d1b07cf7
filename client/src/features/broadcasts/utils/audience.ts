/**
 * The form's audience (docs/product.md#screen-broadcast-form): people who talked to the bot, from the contacts
 * cache (so it works offline); bot accounts are excluded, as the server's delivery materialisation does.
 */
import type { Contact } from '@shared/contacts/schemas.ts';
import type { BroadcastTargetType } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { balanceBidi, isolateText } from '@shared/text/invisible.ts';

/** The contacts a broadcast of `botId` can reach, by name. */
export function audienceOf(contacts: readonly Contact[], botId: string): Contact[] {
  return contacts
    .filter((contact) => contact.botId === botId && !contact.isBot)
    .sort((a, b) => displayName(a).localeCompare(displayName(b), 'pt-BR') || a.id.localeCompare(b.id));
}

/** How many people the broadcast goes to: every reachable contact, those carrying its label, or the selected ones among them. */
export function audienceCount(audience: readonly Contact[], targetType: BroadcastTargetType, contactIds: readonly string[], labelId = ''): number {
  if (targetType === 'ALL') return audience.length;
  if (targetType === 'LABEL') return labelId === '' ? 0 : audience.filter((contact) => contact.labelIds.includes(labelId)).length;
  const reachable = new Set(audience.map((contact) => contact.id));
  return new Set(contactIds.filter((id) => reachable.has(id))).size;
}

/** Keeps only ids of the bot's reachable contacts (the bot changed, or a contact was removed or is a bot). */
export function keepReachable(contactIds: readonly string[], audience: readonly Contact[]): string[] {
  const reachable = new Set(audience.map((contact) => contact.id));
  return [...new Set(contactIds)].filter((id) => reachable.has(id));
}

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Search by first and last name and @username, ignoring case and accents. */
export function searchAudience(audience: readonly Contact[], search: string): Contact[] {
  const terms = fold(search.trim().replace(/^@/, '')).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...audience];
  return audience.filter((contact) => {
    const haystack = fold(`${contact.firstName} ${contact.lastName ?? ''} ${contact.username ?? ''}`);
    return terms.every((term) => haystack.includes(term));
  });
}

export const displayName = (contact: Pick<Contact, 'firstName' | 'lastName'>) => [balanceBidi(contact.firstName), contact.lastName].filter(Boolean).join(' ');

/** 'Todos os contatos', 'Contatos com a etiqueta' or 'N selecionados' (docs/product.md#screen-broadcasts). */
export function audienceLabel(targetType: BroadcastTargetType, selected: number): string {
  if (targetType === 'LABEL') return 'Contatos com a etiqueta';
  return targetType === 'ALL' ? 'Todos os contatos' : `${selected} selecionados`;
}

/** Who a saved broadcast goes to, as its list and detail say it; a LABEL one names its label (when still there). */
export function audienceWho(row: { targetType: BroadcastTargetType; contactIds: readonly string[]; labelId: string | null }, labelNames: ReadonlyMap<string, string>): string {
  if (row.targetType === 'ALL') return BROADCAST_TEXTS.allContacts;
  if (row.targetType === 'SELECTED') return BROADCAST_TEXTS.selectedContacts(row.contactIds.length);
  const name = row.labelId ? labelNames.get(row.labelId) : undefined;
  return name === undefined ? BROADCAST_TEXTS.labelledContacts : `${BROADCAST_TEXTS.labelledContacts} “${isolateText(name)}”`;
}
