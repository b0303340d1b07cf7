/**
 * Broadcasts' limits and pt-BR texts (docs/product.md#limits, #rules-broadcasts, #confirmations, #toasts-broadcasts):
 * texts quoted in the docs are verbatim. The form, the screens and the server all read them from here.
 */

/** docs/product.md#limits (broadcasts) and docs/telegram.md#tg-limits. */
export const BROADCAST_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  maxButtonRows: 10,
  maxButtonsPerRow: 3,
  buttonTextMax: 64,
  buttonValueMax: 2048,
  /** Telegram's callback_data limit, in UTF-8 bytes. */
  callbackBytesMax: 64,
  nameMax: 120,
  messageMax: 4096,
  captionMax: 1024,
  mediaUrlMax: 2048,
  searchMax: 100,
  /** A SELECTED audience names at most this many contacts (a bigger audience is "all contacts"). */
  maxContactIds: 20_000,
  /** ms between two progress polls on the detail screen. */
  progressPollMs: 2000,
  /** Default per-bot sending rate (messages a second); configurable per bot up to `maxRatePerSecond`. */
  defaultRatePerSecond: 30,
  maxRatePerSecond: 1000,
  /** At most one message a second to one chat. */
  perChatIntervalMs: 1000,
  /** Per-recipient outcome list page size. */
  recipientsPageSize: 50,
} as const;

const count = (value: number) => value.toLocaleString('pt-BR');

export const BROADCAST_TEXTS = {
  // docs/product.md#rules-broadcasts, verbatim
  nameRequired: 'Nome é obrigatório',
  botRequired: 'Bot é obrigatório',
  tooManyButtonsPerRow: 'Máximo de 3 botões por linha',
  // completions of the form's rules (the docs give no text)
  nameTooLong: 'Nome deve ter no máximo 120 caracteres',
  tooManyRows: 'Máximo de 10 linhas de botões',
  emptyRow: 'Uma linha precisa de pelo menos 1 botão',
  buttonTextEmpty: 'Texto do botão não pode ser vazio',
  buttonTextTooLong: 'Texto do botão deve ter no máximo 64 caracteres',
  buttonValueEmpty: 'Valor do botão não pode ser vazio',
  buttonUrlInvalid: (text: string) => `URL do botão inválida: ${text}`,
  callbackTooLong: (text: string) => `Valor do botão grande demais para o Telegram (máximo 64 bytes): ${text}`,
  messageRequired: 'Mensagem é obrigatória',
  messageTooLong: 'Mensagem deve ter no máximo 4096 caracteres',
  captionTooLong: 'Legenda deve ter no máximo 1024 caracteres',
  mediaUrlRequired: 'URL da mídia é obrigatória',
  mediaUrlInvalid: 'URL da mídia inválida',
  mediaTypeRequired: 'Selecione o tipo de mídia',
  contactsRequired: 'Selecione pelo menos um contato',
  labelRequired: 'Escolha uma etiqueta',
  tooManyContacts: 'Máximo de 20000 contatos selecionados',
  contactInvalid: 'Contato inválido',
  contactsOfBot: 'Contatos selecionados não pertencem a este bot',
  scheduleInvalid: 'Data de agendamento inválida',
  scheduleInPast: 'A data de agendamento deve ser no futuro',
  idInvalid: 'Identificador inválido',
  // docs/product.md#confirmations, with "disparo" for the spec's "broadcast" (one word for one thing on screen)
  confirmSend: 'Deseja enviar este disparo agora?',
  confirmDelete: 'Tem certeza que deseja deletar este disparo?',
  confirmCancel: 'Deseja cancelar este disparo? Ele não será enviado no horário agendado.',
  confirmStop: 'Deseja parar este disparo? Os contatos ainda não enviados ficam para um próximo envio.',
  /** The send question's first sentence: who will receive it (the server's audience count; blocked contacts are skipped). */
  willReach: (audience: number, blocked: number) => {
    const reach = Math.max(0, audience - blocked);
    const left = blocked === 1 ? ' 1 contato bloqueou o bot e fica de fora.' : blocked > 1 ? ` ${count(blocked)} contatos bloquearam o bot e ficam de fora.` : '';
    if (reach === 0) return `Nenhum contato vai receber este disparo.${left}`;
    return `Será enviado para ${count(reach)} ${reach === 1 ? 'contato' : 'contatos'}.${left}`;
  },
  countingAudience: 'Contando os contatos que vão receber…',
  /** A draft's or scheduled row's Progresso: the audience it will reach (nothing is sent yet). */
  audienceToReach: (audience: number) => (audience === 0 ? 'Nenhum contato no público' : `Vai para ${count(audience)} ${audience === 1 ? 'contato' : 'contatos'}`),
  // docs/product.md#screen-broadcasts, #screen-broadcast-detail
  empty: 'Nenhum disparo encontrado',
  emptyHint: 'Comece criando seu primeiro disparo em massa',
  allContacts: 'Todos os contatos',
  selectedContacts: (count: number) => `${count} selecionados`,
  labelledContacts: 'Contatos com a etiqueta',
  failures: (count: number) => `${count} falhas`,
  autoRefresh: 'Atualizando automaticamente...',
  buttonFallback: 'Botão',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  // error texts the server writes on a broadcast or a recipient
  stoppedByUser: 'Envio parado pelo usuário',
  noneSent: 'Nenhuma mensagem foi entregue',
  tokenRevoked: 'O Telegram recusou o token deste bot. Cadastre um token válido.',
  reasonBlocked: 'Contato bloqueou o bot',
  reasonDeactivated: 'Conta do contato desativada',
  reasonCantInitiate: 'O contato nunca iniciou conversa com o bot',
  reasonChatNotFound: 'Chat não encontrado',
  reasonPreviouslyBlocked: 'Contato bloqueou o bot (envio anterior)',
  reasonUncertain: 'Resultado incerto: o envio foi interrompido sem confirmação do Telegram; não reenviado',
  reasonNetwork: 'Falha de rede ao enviar para o Telegram',
  reasonMediaUnavailable: 'Mídia indisponível',
} as const;

/**
 * docs/product.md#toasts-broadcasts, with "disparo" where the spec says "broadcast" (the screen calls it Disparo
 * everywhere else). A failure toast shows the server's message when it has one.
 */
export const BROADCAST_TOASTS = {
  loadListFailed: 'Erro ao carregar disparos',
  loadFailed: 'Erro ao carregar disparo',
  duplicateFailed: 'Erro ao duplicar disparo',
  saveFailed: 'Erro ao salvar disparo',
  sendFailed: 'Erro ao enviar disparo',
  deleteFailed: 'Erro ao deletar disparo',
  cancelFailed: 'Erro ao cancelar disparo',
  stopFailed: 'Erro ao parar disparo',
  saveFirst: 'Salve o disparo primeiro',
  loadBotsFailed: 'Erro ao carregar bots',
  loadContactsFailed: 'Erro ao carregar contatos',
  created: 'Disparo criado com sucesso!',
  updated: 'Disparo atualizado com sucesso!',
  duplicated: 'Disparo duplicado com sucesso',
  started: 'Disparo iniciado!',
  startedFollow: 'Disparo iniciado! Acompanhe o progresso.',
  deleted: 'Disparo deletado com sucesso',
  cancelled: 'Disparo cancelado com sucesso',
  stopped: 'Disparo parado com sucesso',
} as const;
