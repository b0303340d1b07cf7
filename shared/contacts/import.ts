/**
 * Contacts import (docs/product.md#contatos): a CSV file of one bot's contacts, its columns mapped to fields, checked
 * line by line before anything is written (the dry-run), then written in the background by the job queue. A contact
 * is (bot, Telegram id), so importing the same file again changes nothing.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

export const CONTACT_IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  /** Line errors kept and answered; the count covers them all. */
  errorsKept: 200,
  /** Unstarted dry-runs expire: the file they keep is personal data. */
  dryRunTtlMs: 24 * 60 * 60 * 1000,
} as const;

export const CONTACT_IMPORT_FIELDS = ['telegramId', 'firstName', 'lastName', 'username', 'phoneNumber', 'labels'] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

export const CONTACT_IMPORT_FIELD_LABELS: Record<ContactImportField, string> = {
  telegramId: 'Telegram ID',
  firstName: 'Nome',
  lastName: 'Sobrenome',
  username: 'Usuário',
  phoneNumber: 'Telefone',
  labels: 'Etiquetas',
};

/** Header names (folded: lower case, no accents or punctuation) each field is recognised by, pt-BR and English. */
const HEADER_ALIASES: Record<ContactImportField, string[]> = {
  telegramId: ['telegramid', 'idtelegram', 'telegram', 'userid', 'chatid', 'id'],
  firstName: ['nome', 'primeironome', 'firstname', 'name', 'nomecompleto', 'fullname'],
  lastName: ['sobrenome', 'ultimonome', 'lastname', 'surname'],
  username: ['usuario', 'username', 'nomedeusuario', 'user', 'arroba'],
  phoneNumber: ['telefone', 'celular', 'whatsapp', 'phone', 'phonenumber', 'mobile', 'fone'],
  labels: ['etiquetas', 'etiqueta', 'tags', 'tag', 'labels', 'label'],
};

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');

const column = z.number({ error: 'Coluna inválida' }).int({ error: 'Coluna inválida' }).min(0, { error: 'Coluna inválida' }).nullable().default(null);

/** Each field's column (0-based index in the header), null when the file has none for it. */
export const contactImportMappingSchema = z
  .object({ telegramId: column, firstName: column, lastName: column, username: column, phoneNumber: column, labels: column })
  .refine((mapping) => mapping.telegramId !== null, { error: 'Escolha a coluna do Telegram ID', path: ['telegramId'] });
export type ContactImportMapping = z.output<typeof contactImportMappingSchema>;

/** Each field's column guessed from the header names; a column serves one field at most. */
export function guessMapping(columns: string[]): ContactImportMapping {
  const folded = columns.map(fold);
  const used = new Set<number>();
  const mapping: ContactImportMapping = { telegramId: null, firstName: null, lastName: null, username: null, phoneNumber: null, labels: null };
  for (const field of CONTACT_IMPORT_FIELDS) {
    for (const alias of HEADER_ALIASES[field]) {
      const index = folded.findIndex((name, at) => name === alias && !used.has(at));
      if (index >= 0) {
        mapping[field] = index;
        used.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** The multipart form fields beside `file` (or the query of a raw `text/csv` body). */
export const contactImportFormSchema = z.object({
  botId: z.uuid({ error: 'Escolha o bot dos contatos' }),
  fileName: z.string().trim().max(200).optional(),
});

/** The JSON form of POST /contacts/imports, for scripts and automation tools: the file's text in `csv`. */
export const contactImportJsonSchema = contactImportFormSchema.extend({
  csv: z.string({ error: 'Envie o conteúdo do CSV' }).min(1, { error: 'Envie o conteúdo do CSV' }),
  mapping: contactImportMappingSchema.optional(),
});

export const CONTACT_IMPORT_STATUSES = ['validated', 'running', 'done', 'failed'] as const;

export const contactImportErrorSchema = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ContactImportError = z.infer<typeof contactImportErrorSchema>;

export const contactImportSchema = z.object({
  id: z.string(),
  botId: z.string(),
  fileName: z.string(),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  /** Data lines of the file (the header apart). */
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorCount: z.number().int(),
  /** The first CONTACT_IMPORT_LIMITS.errorsKept line errors, in line order. */
  errors: z.array(contactImportErrorSchema),
  /** Label names of the file the workspace does not have yet: created when the import starts. */
  newLabels: z.array(z.string()),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

export const contactImportResponseSchema = successEnvelope(z.object({ import: contactImportSchema }));

export const CONTACT_IMPORT_TEXTS = {
  telegramIdRequired: 'Telegram ID é obrigatório',
  telegramIdInvalid: 'Telegram ID deve ser um número inteiro positivo',
  telegramIdRepeated: (line: number) => `Telegram ID repetido (já aparece na linha ${line})`,
  nameTooLong: 'Deve ter no máximo 64 caracteres',
  usernameInvalid: 'Usuário inválido (5 a 32 letras, números ou _)',
  phoneInvalid: 'Telefone inválido',
  labelTooLong: 'Etiqueta com mais de 30 caracteres',
  tooManyLabels: 'Mais de 20 etiquetas',
  labelUnknown: (name: string) => `Etiqueta "${name}" não existe e seu papel não permite criá-la`,
  labelLimit: (name: string) => `Etiqueta "${name}" não pode ser criada: limite de 100 etiquetas da equipe`,
  columnMissing: 'A coluna escolhida não existe no arquivo',
} as const;
