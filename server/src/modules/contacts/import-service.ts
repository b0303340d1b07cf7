/**
 * Contacts import (docs/product.md#contatos): POST /contacts/imports reads the file and answers the dry-run (every
 * line checked, nothing written but the import itself); POST /contacts/imports/{id}/start creates the file's new
 * labels and enqueues the `contacts.import` job in one transaction; GET /contacts/imports/{id} answers its
 * progress. Another workspace's import, like a missing one, is a 404.
 */
import { csvHeader, decodeCsvBytes } from '@shared/contacts/csv-parse.ts';
import { CONTACT_IMPORT_LIMITS, contactImportMappingSchema, guessMapping, type ContactImport } from '@shared/contacts/import.ts';
import { LABEL_LIMITS } from '@shared/labels/schemas.ts';
import { can } from '@shared/team/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Actor } from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validate.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/recorder.ts';
import type { ExportActor } from './export.ts';
import { checkFile } from './import-check.ts';
import { contactImportJob } from './import-job-kind.ts';
import * as repo from './import-repository.ts';
import { assertFilterOwned, type ContactsDeps } from './service.ts';

export type ImportUpload = { botId: string; fileName: string; bytes: Uint8Array; mapping: unknown };

export const toContactImport = (row: repo.ImportRecord): ContactImport => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The mapping sent, else the one the header names suggest; every column it names must exist. */
function mappingFor(columns: string[], sent: unknown) {
  const mapping = sent === undefined ? guessMapping(columns) : parseInput(contactImportMappingSchema, sent);
  if (mapping.telegramId === null) throw new AppError('VALIDATION_FAILED', 400, 'Escolha a coluna do Telegram ID', { 'mapping.telegramId': 'Escolha a coluna do Telegram ID' });
  for (const [field, index] of Object.entries(mapping)) {
    if (index !== null && index >= columns.length) throw new AppError('VALIDATION_FAILED', 400, 'A coluna escolhida não existe no arquivo', { [`mapping.${field}`]: 'A coluna escolhida não existe no arquivo' });
  }
  return mapping;
}

export async function createImport(deps: ContactsDeps, userId: string, actor: Actor, upload: ImportUpload): Promise<ContactImport> {
  await assertFilterOwned(deps, userId, { botId: upload.botId });
  if (upload.bytes.byteLength > CONTACT_IMPORT_LIMITS.maxBytes) throw new AppError('CONTACT_IMPORT_TOO_LARGE', 413);
  const text = decodeCsvBytes(upload.bytes);
  const { separator, columns } = csvHeader(text);
  if (columns.length === 0 || columns.every((column) => column === '')) throw new AppError('CONTACT_IMPORT_UNREADABLE', 400);
  const mapping = mappingFor(columns, upload.mapping);
  const known = await repo.labelNames(deps.sql, userId);
  const labels = { known, canCreate: can(actor.role, 'labels'), room: LABEL_LIMITS.perWorkspace - known.size };
  const checked = checkFile(text, separator, mapping, labels);
  if (checked === 'tooMany') throw new AppError('CONTACT_IMPORT_TOO_LARGE', 413);
  if (checked.totalRows === 0) throw new AppError('CONTACT_IMPORT_EMPTY', 400);
  await repo.purgeStale(deps.sql, userId, new Date(Date.now() - CONTACT_IMPORT_LIMITS.dryRunTtlMs));
  const row = await repo.insertImport(deps.sql, userId, {
    ...checked, botId: upload.botId, fileName: upload.fileName, createdBy: actor.id, source: text, separator, mapping,
  });
  return toContactImport(row);
}

async function ownedImport(sql: Queryable, userId: string, importId: string, lock = false) {
  const row = isUuid(importId) ? await repo.findImport(sql, userId, importId, lock) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getImport(deps: ContactsDeps, userId: string, importId: string): Promise<ContactImport> {
  return toContactImport(await ownedImport(deps.sql, userId, importId));
}

/** Starts a dry-run once: its new labels, the job and the audit line, committed together. */
export async function startImport(deps: ContactsDeps, userId: string, actor: ExportActor, importId: string): Promise<ContactImport> {
  return inTransaction(deps.sql, async (tx) => {
    const row = await ownedImport(tx, userId, importId, true);
    if (row.status !== 'validated') throw new AppError('CONTACT_IMPORT_STARTED', 409);
    if (row.createdAt.getTime() < Date.now() - CONTACT_IMPORT_LIMITS.dryRunTtlMs) throw new AppError('CONTACT_IMPORT_EXPIRED', 410);
    if (row.validRows === 0) throw new AppError('CONTACT_IMPORT_NOTHING_VALID', 400);
    const known = await repo.labelNames(tx, userId);
    const missing = row.newLabels.filter((name) => !known.has(name.toLowerCase()));
    await repo.createLabels(tx, userId, missing, LABEL_LIMITS.perWorkspace - known.size);
    await repo.markRunning(tx, importId);
    await contactImportJob.enqueue(tx, { importId }, { tenant: userId, maxAttempts: 20 });
    await recordAudit(tx, {
      accountId: userId, actorId: actor.actorId, action: 'contact.import', origin: actor.origin,
      target: { type: 'bot', id: row.botId }, detail: { importId, rows: row.validRows, newLabels: missing.length },
    });
    return toContactImport(await ownedImport(tx, userId, importId));
  });
}
