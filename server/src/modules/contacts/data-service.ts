/**
 * A contact's data on request (LGPD art. 18): the export of everything held about them and its erasure, each
 * recorded as an audit line in the same transaction. The erasure's line keeps ids and counts only, never the
 * Telegram id: after an erasure nothing in the account identifies the person, the log included.
 */
import type { ContactErasure, ContactExport } from '@shared/contacts/data-export.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import * as data from './data-repository.ts';
import { eraseContactAccess } from '../access/erasure-service.ts';
import * as erase from './erasure-repository.ts';

export type ContactDataDeps = { sql: Queryable };
/** `userId`: the workspace; `actorId`: the person acting, for the audit line. */
export type Actor = { userId: string; actorId: string; origin: AuditOrigin };

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

function visitOf(row: data.VisitRow): ContactExport['funnelEntries'][number]['visit'] {
  if (row.url === null || !row.firstSeenAt || !row.lastSeenAt) return null;
  return {
    url: row.url, lastUrl: row.lastUrl ?? row.url, referrer: row.referrer, utmSource: row.utmSource, utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign, utmTerm: row.utmTerm, utmContent: row.utmContent, fbclid: row.fbclid, fbp: row.fbp, fbc: row.fbc,
    ip: row.ip, userAgent: row.userAgent, firstSeenAt: iso(row.firstSeenAt), lastSeenAt: iso(row.lastSeenAt),
  };
}

async function collect(sql: Queryable, userId: string, row: data.ContactDataRow): Promise<ContactExport> {
  const [messages, notes, runs, entries, requests, pixelEvents, broadcasts, memberships, failures, labels] = await Promise.all([
    data.contactMessages(sql, row.id), data.contactNotes(sql, row.id), data.contactFlowRuns(sql, row), data.contactFunnelEntries(sql, row.id),
    data.contactJoinRequests(sql, row), data.contactPixelEvents(sql, userId, row), data.contactBroadcasts(sql, row),
    data.contactMemberships(sql, row), data.contactDeliveryFailures(sql, row), data.contactLabels(sql, row.id),
  ]);
  const { botName, botUsername, telegramId, ...profile } = row;
  return {
    format: 'canalize.contact',
    version: 1,
    exportedAt: new Date().toISOString(),
    contact: {
      ...profile, telegramId: telegramId.toString(), labelIds: labels.map((label) => label.id), bot: { id: row.botId, name: botName, username: botUsername },
      lastInteractionAt: iso(row.lastInteractionAt), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), blockedAt: isoOrNull(row.blockedAt),
    },
    messages: messages.map((m) => ({
      ...m, chatId: m.chatId.toString(), telegramMessageId: m.telegramMessageId?.toString() ?? null, readAt: isoOrNull(m.readAt), createdAt: iso(m.createdAt),
    })),
    notes: notes.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
    flowRuns: runs.map((r) => ({ ...r, chatId: r.chatId.toString(), startedAt: iso(r.startedAt), finishedAt: isoOrNull(r.finishedAt) })),
    funnelEntries: entries.map((e) => ({ funnelId: e.funnelId, funnelName: e.funnelName, enteredAt: iso(e.enteredAt), leftAt: isoOrNull(e.leftAt), visit: visitOf(e) })),
    joinRequests: requests.map((r) => ({ funnelId: r.funnelId, funnelName: r.funnelName, chatId: r.chatId.toString(), requestedAt: iso(r.requestedAt), visit: visitOf(r) })),
    pixelEvents: pixelEvents.map((e) => ({ ...e, eventTime: iso(e.eventTime), sentAt: isoOrNull(e.sentAt) })),
    broadcasts: broadcasts.map((b) => ({ ...b, updatedAt: iso(b.updatedAt) })),
    memberships: memberships.map((m) => ({ ...m, chatId: m.chatId.toString(), occurredAt: iso(m.occurredAt) })),
    deliveryFailures: failures.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    labels: labels.map((l) => ({ ...l, appliedAt: iso(l.appliedAt) })),
  };
}

/** GET /contacts/{id}/export: another account's contact is a 404 like a missing one. */
export async function exportContactData(deps: ContactDataDeps, actor: Actor, contactId: string): Promise<ContactExport> {
  return inTransaction(deps.sql, async (tx) => {
    const row = isUuid(contactId) ? await data.findContactData(tx, actor.userId, contactId) : undefined;
    if (!row) throw notFound();
    const document = await collect(tx, actor.userId, row);
    await recordAudit(tx, {
      accountId: actor.userId, actorId: actor.actorId, action: 'contact.export', target: { type: 'contact', id: row.id },
      detail: { botId: row.botId, messages: document.messages.length }, origin: actor.origin,
    });
    return document;
  });
}

/** DELETE /contacts/{id}/data: everything in one transaction, the contact locked first. */
export async function eraseContactData(deps: ContactDataDeps, actor: Actor, contactId: string): Promise<ContactErasure> {
  return inTransaction(deps.sql, async (tx) => {
    const row = isUuid(contactId) ? await data.findContactData(tx, actor.userId, contactId, true) : undefined;
    if (!row) throw notFound();
    const flowRuns = await erase.scrubFlowRuns(tx, row);
    const pixelEvents = await erase.scrubPixelEvents(tx, actor.userId, row);
    const funnelVisits = await erase.scrubVisits(tx, row);
    const broadcastRecipients = await erase.scrubBroadcastRecipients(tx, row);
    const person = await erase.deletePersonRows(tx, actor.userId, row);
    const accesses = await eraseContactAccess(tx, actor.userId, row);
    const contactRows = await erase.deleteContactRows(tx, row.id);
    const erased: ContactErasure = { ...contactRows, flowRuns, pixelEvents, funnelVisits, broadcastRecipients, ...person, accesses };
    await recordAudit(tx, {
      accountId: actor.userId, actorId: actor.actorId, action: 'contact.erase', target: { type: 'contact', id: row.id },
      detail: { botId: row.botId, ...erased }, origin: actor.origin,
    });
    return erased;
  });
}
