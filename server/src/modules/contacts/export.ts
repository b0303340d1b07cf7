/**
 * GET /contacts/export.csv (docs/product.md#contatos): the contacts the screen's filters select (bot, search,
 * people or bots, label, funnel), every page, as the CSV Excel in pt-BR opens as it is (lib/csv.ts), with their
 * labels and funnels, dates in the viewer's zone. A filter naming another workspace's bot, label or funnel is a 404
 * before anything is sent. The columns the import reads carry the names it recognises, so the file imports back.
 * Taking the list is an audit line (who, which filters).
 */
import { CONTACT_EXPORT_HEADER, CONTACT_EXPORT_TEXTS, type ContactExportQuery } from '@shared/contacts/export.ts';
import { csvDateFormat, csvStream } from '../../lib/csv.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import { assertFilterOwned, type ContactsDeps } from './service.ts';
import { exportBatch, type ExportCursor, type ExportRow } from './export-repository.ts';

function situation(row: ExportRow): string {
  if (row.awaitingStart) return CONTACT_EXPORT_TEXTS.awaitingStart;
  return row.blocked ? CONTACT_EXPORT_TEXTS.blocked : CONTACT_EXPORT_TEXTS.active;
}

function cells(row: ExportRow, date: (value: Date) => string): (string | null)[] {
  return [
    row.botName, String(row.telegramId), row.firstName, row.lastName, row.username, row.phoneNumber, row.languageCode,
    row.isBot ? CONTACT_EXPORT_TEXTS.bot : CONTACT_EXPORT_TEXTS.person, row.labels.join(', '), row.funnels.join(', '),
    row.funnelEnteredAt ? date(row.funnelEnteredAt) : null, String(row.messageCount), situation(row),
    row.awaitingStart ? null : date(row.lastInteractionAt), date(row.createdAt),
  ];
}

export const contactsFileName = (now: Date) => `contatos-${now.toISOString().slice(0, 10)}.csv`;

export type ExportActor = { actorId: string; origin: AuditOrigin };

/** The file is audited when it is asked for: who took the list, with which filters (ids and flags only). */
export async function exportContacts(deps: ContactsDeps, userId: string, actor: ExportActor, query: ContactExportQuery): Promise<ReadableStream<Uint8Array>> {
  await assertFilterOwned(deps, userId, query);
  const filters = { botId: query.botId ?? null, labelId: query.label ?? null, funnelId: query.funnelId ?? null, searched: Boolean(query.search), isBot: query.isBot ?? null };
  await recordAudit(deps.sql, {
    accountId: userId, actorId: actor.actorId, action: 'contact.list_export', origin: actor.origin,
    ...(query.botId ? { target: { type: 'bot' as const, id: query.botId } } : {}), detail: filters,
  });
  const filter = { botId: query.botId, search: query.search || undefined, isBot: query.isBot, label: query.label, funnelId: query.funnelId };
  const date = csvDateFormat(query.tz);
  return csvStream({
    header: [...CONTACT_EXPORT_HEADER],
    batch: (after: ExportCursor | null, limit) => exportBatch(deps.sql, userId, filter, after, limit),
    cursorOf: (row) => ({ createdAt: row.createdAt, id: row.id }),
    cells: (row) => cells(row, date),
  });
}
