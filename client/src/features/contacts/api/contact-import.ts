/**
 * Contacts import and export (docs/product.md#contatos), both on the server (no offline queue): the file is read
 * there, and the list a CSV is made of is the server's. The upload is multipart, as the file arrives, with the API
 * client's rule for a 401 (one refresh, one retry).
 */
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { contactImportResponseSchema, type ContactImport, type ContactImportMapping } from '@shared/contacts/import.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';

export const CONTACT_FILE_TEXTS = {
  exportError: 'Não foi possível exportar os contatos',
  importError: 'Não foi possível importar os contatos',
  progressError: 'Não foi possível acompanhar a importação',
} as const;

export type ExportFilters = { botId?: string | undefined; search?: string; isBot?: boolean | undefined; label?: string | undefined; funnelId?: string | undefined };

/** The query of GET /contacts/export.csv: the screen's filters and the viewer's time zone. */
export function exportQuery(filters: ExportFilters, timeZone: string): string {
  const query = new URLSearchParams({ tz: timeZone });
  if (filters.botId) query.set('botId', filters.botId);
  if (filters.search?.trim()) query.set('search', filters.search.trim());
  if (filters.isBot !== undefined) query.set('isBot', String(filters.isBot));
  if (filters.label) query.set('label', filters.label);
  if (filters.funnelId) query.set('funnelId', filters.funnelId);
  return query.toString();
}

export const exportContacts = (filters: ExportFilters) =>
  downloadApiFile(`/contacts/export.csv?${exportQuery(filters, Intl.DateTimeFormat().resolvedOptions().timeZone)}`, 'contatos.csv', CONTACT_FILE_TEXTS.exportError);

/** POST /contacts/imports: the dry-run of `file` for `botId` with `mapping`. */
export async function checkImport(file: File, botId: string, mapping: ContactImportMapping): Promise<ContactImport> {
  const form = new FormData();
  form.set('file', file, file.name);
  form.set('botId', botId);
  form.set('mapping', JSON.stringify(mapping));
  const send = (token: string | null | undefined) =>
    fetch('/api/contacts/imports', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => {
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    });
  const sentToken = api.accessToken();
  let response = await send(sentToken);
  if (response.status === 401) response = await send(await api.tokenAfter401(sentToken).catch(() => null));
  const body: unknown = await response.json().catch(() => null);
  const done = contactImportResponseSchema.safeParse(body);
  if (response.ok && done.success) return done.data.data.import;
  const failure = failureEnvelopeSchema.safeParse(body);
  if (failure.success) throw new ApiError(response.status, failure.data.code, failure.data.message, failure.data.details);
  throw new ApiError(response.status, `HTTP_${response.status}`, CONTACT_FILE_TEXTS.importError);
}

export const startImport = async (importId: string) =>
  (await api.post(`/contacts/imports/${importId}/start`, undefined, { schema: contactImportResponseSchema, fallbackMessage: CONTACT_FILE_TEXTS.importError })).data.import;

export const importProgress = async (importId: string) =>
  (await api.get(`/contacts/imports/${importId}`, { schema: contactImportResponseSchema, fallbackMessage: CONTACT_FILE_TEXTS.progressError })).data.import;
