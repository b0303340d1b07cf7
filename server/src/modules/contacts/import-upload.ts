/**
 * Reads a contacts import request without trusting its size (like the media upload), in three forms: multipart with
 * `file`, `botId` and optionally `mapping` (JSON) and `fileName`, as the console sends it; JSON `{botId, csv,
 * mapping?, fileName?}` for automation tools; or the raw file (`text/csv`) with `botId` in the query, for a script's
 * `curl --data-binary @contatos.csv`. Without a mapping the columns are mapped from the header names.
 */
import { CONTACT_IMPORT_LIMITS, contactImportFormSchema, contactImportJsonSchema } from '@shared/contacts/import.ts';
import { formWithFile, jsonOf, readLimited } from '../../http/request-input.ts';
import { parseInput } from '../../http/validate.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanFileName } from '../media/upload-body.ts';
import type { ImportUpload } from './import-service.ts';

/** Room for the largest file plus the multipart framing and the other fields. */
export const IMPORT_MAX_BODY_BYTES = CONTACT_IMPORT_LIMITS.maxBytes + 64 * 1024;

const tooLarge = () => new AppError('CONTACT_IMPORT_TOO_LARGE', 413);
const unreadable = () => new AppError('CONTACT_IMPORT_UNREADABLE', 400);
const noFile = () => new AppError('VALIDATION_FAILED', 400, 'Selecione um arquivo', { file: 'Selecione um arquivo' });

function parseMapping(value: FormDataEntryValue | null): unknown {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError('VALIDATION_FAILED', 400, 'Mapeamento de colunas inválido', { mapping: 'Mapeamento de colunas inválido' });
  }
}

async function fromMultipart(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<ImportUpload> {
  const { form, file } = await formWithFile(body, contentType, unreadable);
  const fields = parseInput(contactImportFormSchema, { botId: form.get('botId') ?? undefined, fileName: form.get('fileName') ?? undefined });
  const fileName = fields.fileName || (file instanceof File ? file.name : '');
  return { botId: fields.botId, fileName: cleanFileName(fileName), bytes: new Uint8Array(await file.arrayBuffer()), mapping: parseMapping(form.get('mapping')) };
}

function fromJson(body: Uint8Array): ImportUpload {
  const input = parseInput(contactImportJsonSchema, jsonOf(body));
  return { botId: input.botId, fileName: cleanFileName(input.fileName || 'contatos.csv'), bytes: new TextEncoder().encode(input.csv), mapping: input.mapping };
}

export async function readImportUpload(request: Request, query: Record<string, unknown>): Promise<ImportUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  const body = await readLimited(request, IMPORT_MAX_BODY_BYTES, { tooLarge, unreadable });
  if (contentType.startsWith('multipart/form-data')) return fromMultipart(body, contentType);
  if (contentType.startsWith('application/json')) return fromJson(body);
  if (!contentType.startsWith('text/csv') && !contentType.startsWith('text/plain')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415);
  const fields = parseInput(contactImportFormSchema, query);
  if (body.byteLength === 0) throw noFile();
  return { botId: fields.botId, fileName: cleanFileName(fields.fileName ?? 'contatos.csv'), bytes: body, mapping: undefined };
}
