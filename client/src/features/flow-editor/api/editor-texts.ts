/** pt-BR texts of the editor (docs/product.md#screen-flow-editor, #toasts-editor), verbatim. */
export const EDITOR_TOASTS = {
  loadError: 'Erro ao carregar fluxo',
  updateFlowError: 'Erro ao atualizar fluxo',
  addNodeSuccess: 'Nó adicionado!',
  addNodeError: 'Erro ao adicionar nó',
  updateNodeSuccess: 'Nó atualizado!',
  updateNodeError: 'Erro ao atualizar nó',
  deleteNodeSuccess: 'Nó removido!',
  deleteNodeError: 'Erro ao deletar nó',
  connectSuccess: 'Conexão criada!',
  connectError: 'Erro ao criar conexão',
  disconnectError: 'Erro ao deletar conexão',
  /** The Ctrl+S save: a shortcut pressed often gets the short text. */
  quickSaveSuccess: 'Fluxo salvo!',
  /** An undo or redo written to the server. */
  updateFlowSuccess: 'Fluxo atualizado!',
  saveError: 'Erro ao salvar fluxo',
  enabled: 'Fluxo ativado',
  disabled: 'Fluxo desativado',
  toggleError: 'Erro ao atualizar status do fluxo',
  renameSuccess: 'Nome atualizado!',
  renameError: 'Erro ao atualizar nome',
  resetStatsSuccess: 'Estatísticas zeradas com sucesso!',
  resetStatsError: 'Erro ao zerar estatísticas',
} as const;

export const EDITOR_TEXTS = {
  notFound: 'Fluxo não encontrado',
  /** A flow never opened on this device cannot be shown offline; ours. */
  notFoundOffline: 'Você está offline e este fluxo ainda não foi baixado neste aparelho.',
  removeConnection: 'Deseja remover esta conexão?',
  removeNode: 'Deseja realmente excluir este nó?',
  /** docs/product.md#confirmations asks for a confirmation before resetting flow stats; the question is ours. */
  resetStats: 'Deseja realmente zerar as estatísticas deste fluxo? Execuções, visitas e cliques serão apagados.',
  imageError: 'Erro ao carregar imagem',
  videoError: 'Erro ao carregar vídeo',
  noMedia: 'Nenhuma mídia configurada',
  connectHint: 'Arraste da bolinha de um nó até outro nó para conectá-los.',
  /** The empty canvas says what to do first; the phone has the + button, the laptop the library on the left. */
  emptyTitle: 'Fluxo vazio',
  emptyHintPhone: "Comece por um gatilho: toque em + e escolha 'Comando' para responder ao /start.",
  emptyHintLaptop: "Comece por um gatilho: clique em 'Comando' na biblioteca à esquerda para responder ao /start.",
} as const;
