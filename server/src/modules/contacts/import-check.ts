/**
 * The dry-run over a whole file (import-service.ts): every data line read (import-rows.ts), a Telegram id repeated
 * in the file refused on its later lines, and the label names the workspace lacks: created when the import starts
 * if the person importing may manage labels and the workspace has room, else refused on each line naming them.
 */
import { CONTACT_IMPORT_FIELD_LABELS, CONTACT_IMPORT_LIMITS, CONTACT_IMPORT_TEXTS, type ContactImportMapping } from '@shared/contacts/import.ts';
import { csvRecords } from '@shared/contacts/csv-parse.ts';
import { readLine, type ImportRow, type LineError } from './import-rows.ts';

export type LabelContext = {
  /** The workspace's label names, lower case. */
  known: Set<string>;
  canCreate: boolean;
  /** Labels the workspace may still create. */
  room: number;
};

export type CheckResult = { totalRows: number; validRows: number; errorCount: number; errors: LineError[]; newLabels: string[] };

/** The labels of a row the context refuses, as one error; new names it accepts are added to `created`. */
function labelError(row: ImportRow, labels: LabelContext, created: Map<string, string>): LineError | undefined {
  for (const name of row.labels) {
    const key = name.toLowerCase();
    if (labels.known.has(key) || created.has(key)) continue;
    const message = !labels.canCreate
      ? CONTACT_IMPORT_TEXTS.labelUnknown(name)
      : created.size >= labels.room ? CONTACT_IMPORT_TEXTS.labelLimit(name) : undefined;
    if (message) return { line: row.line, column: CONTACT_IMPORT_FIELD_LABELS.labels, message };
    created.set(key, name);
  }
  return undefined;
}

export type JudgedLine = { row: ImportRow } | { errors: LineError[] };

/**
 * Every data line of `text` (the header skipped), accepted or with its errors, in file order: the dry-run counts
 * them, the job writes the accepted ones. `created` collects the new label names the context accepts.
 */
export function* judgeLines(text: string, separator: string, mapping: ContactImportMapping, labels: LabelContext, created = new Map<string, string>()): Generator<JudgedLine> {
  const seen = new Map<string, number>();
  let header = true;
  for (const record of csvRecords(text, separator)) {
    if (header) {
      header = false;
      continue;
    }
    const read = readLine(record.line, record.cells, mapping);
    if ('errors' in read) {
      yield read;
      continue;
    }
    const first = seen.get(read.row.telegramId);
    if (first !== undefined) {
      yield { errors: [{ line: record.line, column: CONTACT_IMPORT_FIELD_LABELS.telegramId, message: CONTACT_IMPORT_TEXTS.telegramIdRepeated(first) }] };
      continue;
    }
    seen.set(read.row.telegramId, record.line);
    const refused = labelError(read.row, labels, created);
    yield refused ? { errors: [refused] } : read;
  }
}

/** The dry-run's figures; more lines than the row limit answers `tooMany`. */
export function checkFile(text: string, separator: string, mapping: ContactImportMapping, labels: LabelContext): CheckResult | 'tooMany' {
  const created = new Map<string, string>();
  const result: CheckResult = { totalRows: 0, validRows: 0, errorCount: 0, errors: [], newLabels: [] };
  for (const line of judgeLines(text, separator, mapping, labels, created)) {
    result.totalRows += 1;
    if (result.totalRows > CONTACT_IMPORT_LIMITS.maxRows) return 'tooMany';
    if ('row' in line) {
      result.validRows += 1;
      continue;
    }
    result.errorCount += 1;
    for (const error of line.errors) if (result.errors.length < CONTACT_IMPORT_LIMITS.errorsKept) result.errors.push(error);
  }
  result.newLabels = [...created.values()];
  return result;
}
