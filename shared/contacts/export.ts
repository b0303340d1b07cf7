/** GET /contacts/export.csv (docs/product.md#contatos): the contacts screen's filters, every page, as a CSV file. */
import { z } from 'zod';
import { isTimeZone } from '../funnels/schemas.ts';
import { allContactsQuerySchema } from './schemas.ts';

export const contactExportQuerySchema = allContactsQuerySchema.pick({ botId: true, search: true, isBot: true, label: true, funnelId: true }).extend({
  /** The viewer's zone: the file's dates are written in it. */
  tz: z.string().max(64, { error: 'Fuso horário inválido' }).refine(isTimeZone, { error: 'Fuso horário inválido' }).default('UTC'),
});
export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;

/** The file's columns; the import recognises the ones it reads by these names, so an export imports back. */
export const CONTACT_EXPORT_HEADER = [
  'Bot', 'Telegram ID', 'Nome', 'Sobrenome', 'Usuário', 'Telefone', 'Idioma', 'Tipo', 'Etiquetas', 'Funis', 'Entrou no funil em',
  'Mensagens', 'Situação', 'Última interação', 'Criado em',
] as const;

export const CONTACT_EXPORT_TEXTS = {
  person: 'Pessoa',
  bot: 'Bot',
  awaitingStart: 'Importado, ainda não conversou',
  blocked: 'Bloqueou o bot',
  active: 'Conversa com o bot',
} as const;
