/**
 * One data line of an import file, read through the column mapping (shared/contacts/import.ts) and checked: the
 * dry-run and the job read lines with this same function, so what the dry-run accepted is what the job writes.
 * Errors name the line, the column and the reason, never the cell's value (the errors are kept; values are personal
 * data).
 */
import { CONTACT_IMPORT_FIELD_LABELS, CONTACT_IMPORT_TEXTS, type ContactImportField, type ContactImportMapping } from '@shared/contacts/import.ts';
import { CONTACT_LIMITS } from '@shared/contacts/schemas.ts';
import { LABEL_LIMITS } from '@shared/labels/schemas.ts';

export type ImportRow = {
  line: number;
  telegramId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  phoneNumber: string | null;
  labels: string[];
};

export type LineError = { line: number; column: string; message: string };

const PHONE = /^\+?[0-9][0-9 ().-]{4,30}$/;
const USERNAME = /^[A-Za-z0-9_]{4,32}$/;
const TELEGRAM_ID = /^[1-9][0-9]{0,15}$/;

/** A cell as written: trimmed, blank as null, and the `'` our own export puts before a formula-like start removed. */
function cellOf(cells: string[], mapping: ContactImportMapping, field: ContactImportField): string | null {
  const index = mapping[field];
  const raw = index === null ? undefined : cells[index];
  const value = raw?.trim().replace(/^'(?=[=+\-@])/, '') ?? '';
  return value === '' ? null : value;
}

/** Label names of a cell: separated by `,`, `;` or `|`, each trimmed, case-insensitively unique. */
export function labelNames(cell: string | null): string[] {
  if (cell === null) return [];
  const seen = new Set<string>();
  return cell.split(/[,;|]/).map((name) => name.trim()).filter((name) => {
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The line as a contact, or its errors (every one of the line, each with its column). */
export function readLine(line: number, cells: string[], mapping: ContactImportMapping): { row: ImportRow } | { errors: LineError[] } {
  const errors: LineError[] = [];
  const fail = (field: ContactImportField, message: string) => errors.push({ line, column: CONTACT_IMPORT_FIELD_LABELS[field], message });
  const telegramId = cellOf(cells, mapping, 'telegramId');
  if (telegramId === null) fail('telegramId', CONTACT_IMPORT_TEXTS.telegramIdRequired);
  else if (!TELEGRAM_ID.test(telegramId)) fail('telegramId', CONTACT_IMPORT_TEXTS.telegramIdInvalid);
  const firstName = cellOf(cells, mapping, 'firstName');
  if (firstName !== null && firstName.length > CONTACT_LIMITS.nameMax) fail('firstName', CONTACT_IMPORT_TEXTS.nameTooLong);
  const lastName = cellOf(cells, mapping, 'lastName');
  if (lastName !== null && lastName.length > CONTACT_LIMITS.nameMax) fail('lastName', CONTACT_IMPORT_TEXTS.nameTooLong);
  const username = cellOf(cells, mapping, 'username')?.replace(/^@/, '') ?? null;
  if (username !== null && !USERNAME.test(username)) fail('username', CONTACT_IMPORT_TEXTS.usernameInvalid);
  const phoneNumber = cellOf(cells, mapping, 'phoneNumber');
  if (phoneNumber !== null && (phoneNumber.length > CONTACT_LIMITS.phoneMax || !PHONE.test(phoneNumber))) fail('phoneNumber', CONTACT_IMPORT_TEXTS.phoneInvalid);
  const labels = labelNames(cellOf(cells, mapping, 'labels'));
  if (labels.some((name) => name.length > LABEL_LIMITS.nameMax)) fail('labels', CONTACT_IMPORT_TEXTS.labelTooLong);
  else if (labels.length > LABEL_LIMITS.perContact) fail('labels', CONTACT_IMPORT_TEXTS.tooManyLabels);
  if (errors.length > 0 || telegramId === null) return { errors };
  return { row: { line, telegramId, firstName, lastName, username, phoneNumber, labels } };
}
