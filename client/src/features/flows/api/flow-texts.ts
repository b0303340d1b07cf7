/** pt-BR texts of the flow list and the create-flow modal (part 1 §2, §8; decisions §5), verbatim. */
export const FLOW_TOASTS = {
  loadError: 'Erro ao carregar fluxos',
  createSuccess: 'Fluxo criado com sucesso!',
  createError: 'Erro ao criar fluxo',
  removeSuccess: 'Fluxo removido com sucesso!',
  removeError: 'Erro ao remover fluxo',
  enabled: 'Fluxo ativado',
  disabled: 'Fluxo desativado',
  toggleError: 'Erro ao atualizar status do fluxo',
} as const;

export const REMOVE_FLOW_QUESTION = 'Tem certeza que deseja remover este fluxo?';

export const CONTEXT_LABELS = {
  private: 'Privado',
  group: 'Grupos',
  supergroup: 'Supergrupos',
  channel: 'Canais',
} as const;

export const flowPath = (flowId: string) => `/flows/${encodeURIComponent(flowId)}`;
