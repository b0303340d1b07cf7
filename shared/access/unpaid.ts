/**
 * Members without access in a plan's chats (docs/product.md#acessos): the dry-run the operator sees before the bot
 * removes anyone who was already in a chat, and the confirmation that queues the removals. The bot can only list
 * the people it has seen join (Telegram does not let bots list a chat's members).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

/** At most this many people per chat are listed; the count says how many there are. */
export const UNPAID_LIST_MAX = 200;

export const UNPAID_TEXTS = {
  title: 'Membros sem acesso',
  note: 'O Telegram não deixa bots listarem todos os membros de um grupo ou canal: aqui estão as pessoas que o bot viu entrar e que não têm acesso a este plano. Quem entrou antes do bot ser administrador e nunca foi visto por ele não aparece. Administradores e o dono do chat nunca são removidos.',
  none: 'Nenhum membro sem acesso conhecido nos chats deste plano.',
  remove: (count: number) => `Remover ${count} ${count === 1 ? 'membro' : 'membros'} sem acesso`,
  confirm: (count: number) => `O bot vai remover ${count} ${count === 1 ? 'pessoa' : 'pessoas'} sem acesso dos chats deste plano, no ritmo que o Telegram permite. Elas poderão voltar se comprarem o acesso.`,
  queued: (count: number) => `${count} ${count === 1 ? 'remoção agendada' : 'remoções agendadas'}.`,
  pending: (count: number) => `${count} ${count === 1 ? 'remoção em andamento' : 'remoções em andamento'}`,
  notOfPlan: 'Este chat não faz parte do plano.',
  inactive: 'Ative o plano antes de remover membros sem acesso.',
} as const;

export const unpaidPersonSchema = z.object({
  telegramId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  contactId: z.string().nullable(),
  joinedAt: z.string(),
});
export type UnpaidPerson = z.infer<typeof unpaidPersonSchema>;

export const unpaidChatSchema = z.object({
  channelId: z.string(),
  title: z.string(),
  /** Known members without access (the first UNPAID_LIST_MAX in `people`). */
  count: z.number().int(),
  people: z.array(unpaidPersonSchema),
  /** Removals confirmed and not done yet; done ones by outcome. */
  pending: z.number().int(),
  removed: z.number().int(),
  protected: z.number().int(),
});
export type UnpaidChat = z.infer<typeof unpaidChatSchema>;

export const unpaidReportSchema = z.object({ chats: z.array(unpaidChatSchema), total: z.number().int() });
export type UnpaidReport = z.infer<typeof unpaidReportSchema>;
export const unpaidReportResponseSchema = successEnvelope(z.object({ report: unpaidReportSchema }));

/** POST …/remove-unpaid: every chat of the plan, or one (`channelId`). */
export const removeUnpaidInputSchema = z.object({ channelId: z.uuid({ error: UNPAID_TEXTS.notOfPlan }).optional() });
export type RemoveUnpaidInput = z.infer<typeof removeUnpaidInputSchema>;
export const removeUnpaidResponseSchema = successEnvelope(z.object({ queued: z.number().int(), report: unpaidReportSchema }));
