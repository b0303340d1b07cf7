/** Texts of the chat screen (docs/product.md#screen-chat, #toasts-contacts). */
export const CHAT_TEXTS = {
  loadConversationsError: 'Erro ao carregar conversas',
  loadMessagesError: 'Erro ao carregar mensagens',
  loadStatsError: 'Erro ao carregar estatísticas',
  sendError: 'Erro ao enviar mensagem',
  sent: 'Mensagem enviada!',
  empty: 'Nenhuma conversa ainda',
  emptyHint: 'Quando alguém escrever para um dos seus bots, a conversa aparece aqui.',
  pick: 'Selecione uma conversa',
  pickHint: 'Escolha um contato na lista para ver as mensagens e responder.',
  placeholder: 'Digite sua mensagem…',
  send: 'Enviar',
  back: 'Voltar',
  older: 'Carregar mensagens anteriores',
  pending: 'Pendente',
  delivered: 'Enviada',
  failed: 'Não entregue',
} as const;
