/**
 * GET /access/members/export (docs/product.md#acessos): the members the list's filters select, every page, as a CSV
 * file Excel in pt-BR opens as it is (lib/csv.ts: BOM, `;`, formula-safe cells, streamed by keyset), dates and
 * amounts in pt-BR.
 */
import type { AccessMemberExportQuery } from '@shared/access/members.ts';
import { ACCESS_SOURCE_LABELS, ACCESS_STATUS_LABELS } from '@shared/access/texts.ts';
import type { Queryable } from '../../db/client.ts';
import { csvDateFormat, csvStream } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { claimLink } from './member-service.ts';
import * as repo from './member-repository.ts';
import * as plans from './plan-repository.ts';

const HEADER = ['Plano', 'Situação', 'E-mail', 'Nome', 'Telefone', 'Telegram ID', 'Origem', 'Transação', 'Acesso até', 'Valor', 'Moeda', 'Link de vínculo', 'Criado em'];

function formats(timeZone: string) {
  const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { date: csvDateFormat(timeZone), money: (cents: number) => money.format(cents / 100) };
}

function rowCells(row: repo.MemberRow, format: ReturnType<typeof formats>, now: Date) {
  const holdsCode = row.claimCode !== null && row.claimExpiresAt !== null && row.claimExpiresAt > now && row.telegramId === null;
  return [
    row.planName, ACCESS_STATUS_LABELS[row.status], row.email, row.name, row.phone, row.telegramId === null ? null : String(row.telegramId),
    ACCESS_SOURCE_LABELS[row.source], row.transactionId, row.accessUntil === null ? 'Vitalício' : format.date(row.accessUntil),
    row.amountCents === null ? null : format.money(row.amountCents), row.currency,
    holdsCode && row.claimCode ? claimLink(row.botUsername, row.claimCode) : null, format.date(row.createdAt),
  ];
}

export const exportFileName = (now: Date) => `acessos-${now.toISOString().slice(0, 10)}.csv`;

/** The CSV as a stream of batches; a plan filter of another workspace is a 404 before anything is sent. */
export async function exportMembers(sql: Queryable, userId: string, query: AccessMemberExportQuery): Promise<ReadableStream<Uint8Array>> {
  if (query.planId && !(await plans.findPlan(sql, userId, query.planId))) throw notFound();
  const format = formats(query.tz);
  const now = new Date();
  return csvStream({
    header: HEADER,
    batch: (after: { createdAt: Date; id: string } | null, limit) => repo.exportBatch(sql, userId, query, after, limit),
    cursorOf: (row) => ({ createdAt: row.createdAt, id: row.id }),
    cells: (row) => rowCells(row, format, now),
  });
}
