/**
 * pt-BR texts of the flow list and the create-flow modal (docs/product.md#screen-flows, #toasts-account; docs/decisions.md#d-flows), verbatim. The failures of
 * queued writes ('Erro ao criar fluxo', …) are announced by the offline layer (offline/mutation-labels.ts).
 */
import { isolateText } from '@shared/text/invisible.ts';

export const FLOW_TOASTS = {
  loadError: 'Erro ao carregar fluxos',
  createSuccess: 'Fluxo criado com sucesso!',
  removeSuccess: 'Fluxo removido com sucesso!',
  enabled: 'Fluxo ativado',
  disabled: 'Fluxo desativado',
  duplicateSuccess: 'Fluxo duplicado!',
  duplicateNote: (name: string) => `"${isolateText(name)}" começa inativo: ative-o quando estiver pronto.`,
  duplicateError: 'Erro ao duplicar fluxo',
  duplicateOffline: 'Sem conexão: duplicar um fluxo precisa de internet.',
} as const;

export const REMOVE_FLOW_QUESTION = 'Tem certeza que deseja remover este fluxo?';

export const CONTEXT_LABELS = {
  private: 'Privado',
  group: 'Grupos',
  supergroup: 'Supergrupos',
  channel: 'Canais',
} as const;

export const flowPath = (flowId: string) => `/flows/${encodeURIComponent(flowId)}`;
