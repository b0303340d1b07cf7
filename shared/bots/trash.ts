/**
 * The bots' trash, "Lixeira" (docs/decisions.md#bot-trash): a deleted bot waits there 30 days with everything under
 * it, restorable, then is erased for good. Its shapes and pt-BR texts.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

export const trashedBotSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  /** When it was deleted (moved to the trash). */
  deletedAt: z.string(),
  /** When the purge erases it for good: 30 days later. */
  purgeAt: z.string(),
});

/** GET /bots/{id}/deletion-impact: what goes to the trash with the bot. */
export const deletionImpactSchema = z.object({
  contacts: z.number().int(),
  conversations: z.number().int(),
  flows: z.number().int(),
  broadcastsSending: z.number().int(),
  broadcastsScheduled: z.number().int(),
});

/** A bot moved to the Lixeira: what it keeps and until when. */
export const botTrashedResponseSchema = successEnvelope(z.object({ deleted: z.literal(true), trashed: trashedBotSchema }));
export const trashResponseSchema = successEnvelope(z.object({ bots: z.array(trashedBotSchema) }));
export const deletionImpactResponseSchema = successEnvelope(z.object({ impact: deletionImpactSchema }));

export type TrashedBot = z.infer<typeof trashedBotSchema>;
export type DeletionImpact = z.infer<typeof deletionImpactSchema>;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

export const TRASH_TEXTS = {
  title: 'Lixeira',
  intro: 'Bots excluídos ficam aqui por 30 dias com contatos, conversas, fluxos e disparos. Depois disso são apagados para sempre.',
  empty: 'A lixeira está vazia.',
  deletedOn: (date: string) => `Excluído em ${date}`,
  purgeOn: (date: string) => `Apagado para sempre em ${date}`,
  restore: 'Restaurar',
  restored: (name: string) => `${name} foi restaurado`,
  erase: 'Excluir definitivamente',
  eraseTitle: 'Excluir definitivamente',
  eraseQuestion: (name: string) => `Excluir ${name} definitivamente? Contatos, conversas, fluxos e disparos deste bot serão apagados agora, sem volta.`,
  erased: (name: string) => `${name} foi apagado definitivamente`,
  deleteTitle: 'Excluir bot',
  deleteQuestion: (name: string) => `Excluir ${name}? O bot para de funcionar e vai para a Lixeira, onde fica 30 dias e pode ser restaurado.`,
  impactLoading: 'Contando o que vai junto…',
  impactFailed: 'Não foi possível contar o que vai junto com o bot.',
  /** "Vai junto: 3 contatos, 2 conversas, 1 fluxo, disparos em andamento." */
  impact: (impact: DeletionImpact) => {
    const parts = [
      plural(impact.contacts, 'contato', 'contatos'),
      plural(impact.conversations, 'conversa', 'conversas'),
      plural(impact.flows, 'fluxo', 'fluxos'),
    ];
    if (impact.broadcastsSending > 0) parts.push(impact.broadcastsSending === 1 ? 'um disparo em andamento (fica pausado)' : `${impact.broadcastsSending} disparos em andamento (ficam pausados)`);
    if (impact.broadcastsScheduled > 0) parts.push(plural(impact.broadcastsScheduled, 'disparo agendado', 'disparos agendados'));
    return `Vai junto para a Lixeira: ${parts.join(', ')}.`;
  },
  moved: (name: string) => `${name} foi para a Lixeira`,
  openTrash: 'Lixeira',
} as const;
