/** How a queued change is named to the user (rejected list, toasts), in pt-BR. */
import { isMutationName, mutationArgsSchemas, type MutationName } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';

const LABELS: Record<MutationName, string> = {
  'bot.setActive': 'Ativar ou desativar bot',
  'bot.setBroadcastRate': 'Alterar velocidade de disparo',
  'bot.delete': 'Remover bot',
  'welcome.save': 'Salvar mensagem de boas-vindas',
  'flow.create': 'Criar fluxo',
  'flow.update': 'Editar fluxo',
  'flow.setEnabled': 'Ativar ou desativar fluxo',
  'flow.delete': 'Remover fluxo',
  'node.create': 'Adicionar nó',
  'node.update': 'Editar nó',
  'node.savePositions': 'Salvar posições dos nós',
  'node.delete': 'Remover nó',
  'connection.create': 'Criar conexão',
  'connection.delete': 'Remover conexão',
  'message.send': 'Enviar mensagem',
  'conversation.markRead': 'Marcar conversa como lida',
  'contact.update': 'Editar contato',
  'contact.delete': 'Remover contato',
  'broadcast.create': 'Criar broadcast',
  'broadcast.update': 'Editar broadcast',
  'broadcast.delete': 'Remover broadcast',
};

/** The failure toast of each write (docs/product.md#toasts), shown when the server refuses the queued change. */
const REFUSAL_TITLES: Record<MutationName, string> = {
  'bot.setActive': 'Erro ao alterar status do bot',
  'bot.setBroadcastRate': 'Erro ao alterar velocidade de disparo',
  'bot.delete': 'Erro ao remover bot',
  'welcome.save': 'Erro ao salvar mensagem',
  'flow.create': 'Erro ao criar fluxo',
  'flow.update': 'Erro ao atualizar fluxo',
  'flow.setEnabled': 'Erro ao atualizar status do fluxo',
  'flow.delete': 'Erro ao remover fluxo',
  'node.create': 'Erro ao adicionar nó',
  'node.update': 'Erro ao atualizar nó',
  'node.savePositions': 'Erro ao salvar fluxo',
  'node.delete': 'Erro ao deletar nó',
  'connection.create': 'Erro ao criar conexão',
  'connection.delete': 'Erro ao deletar conexão',
  'message.send': 'Erro ao enviar mensagem',
  'conversation.markRead': 'Erro ao carregar mensagens',
  'contact.update': 'Erro ao atualizar contato',
  'contact.delete': 'Erro ao remover contato',
  'broadcast.create': 'Erro ao salvar broadcast',
  'broadcast.update': 'Erro ao salvar broadcast',
  'broadcast.delete': 'Erro ao deletar broadcast',
};

export function refusalTitle(envelope: Pick<MutationEnvelope, 'name' | 'args'>): string {
  if (envelope.name === 'flow.update') {
    const args = mutationArgsSchemas['flow.update'].safeParse(envelope.args);
    // The editor's name field saves only the name: its own text (docs/product.md#toasts-editor).
    if (args.success && Object.keys(args.data.changes).every((key) => key === 'name')) return 'Erro ao atualizar nome';
  }
  return isMutationName(envelope.name) ? REFUSAL_TITLES[envelope.name] : SYNC_UI_TEXTS.rejectedToast(mutationLabel(envelope));
}

export function mutationLabel(envelope: Pick<MutationEnvelope, 'name' | 'args'>): string {
  if (envelope.name === 'bot.setActive') {
    const args = mutationArgsSchemas['bot.setActive'].safeParse(envelope.args);
    if (args.success) return args.data.isActive ? 'Ativar bot' : 'Desativar bot';
  }
  if (envelope.name === 'flow.setEnabled') {
    const args = mutationArgsSchemas['flow.setEnabled'].safeParse(envelope.args);
    if (args.success) return args.data.enabled ? 'Ativar fluxo' : 'Desativar fluxo';
  }
  return isMutationName(envelope.name) ? LABELS[envelope.name] : 'Alteração';
}

export const SYNC_UI_TEXTS = {
  online: 'Online',
  offline: 'Offline',
  syncing: 'Sincronizando…',
  paused: 'Sincronização pausada',
  retry: 'Falha ao sincronizar',
  pending: (count: number) => (count === 1 ? '1 alteração pendente' : `${count} alterações pendentes`),
  rejected: (count: number) => (count === 1 ? '1 alteração recusada' : `${count} alterações recusadas`),
  rejectedToast: (label: string) => `Alteração recusada pelo servidor: ${label}`,
  savedOffline: 'Salvo neste aparelho. Será enviado quando a conexão voltar.',
  synced: (count: number) => (count === 1 ? 'Alteração feita sem conexão sincronizada' : `${count} alterações feitas sem conexão sincronizadas`),
} as const;

/** Toast id of "saved on this device": the offline saves share one toast, and the sync that sends them takes it away. */
export const OFFLINE_SAVED_TOAST_ID = 'saved-offline';
