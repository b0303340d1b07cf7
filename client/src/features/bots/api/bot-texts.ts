/** Toasts of part 1 §8 for the bot screens, verbatim. */
export const BOT_TOASTS = {
  loadBotsError: 'Erro ao carregar bots',
  createSuccess: 'Bot adicionado com sucesso!',
  createError: 'Erro ao adicionar bot',
  removeSuccess: 'Bot removido com sucesso!',
  removeError: 'Erro ao remover bot',
  loadDetailsError: 'Erro ao carregar detalhes do bot',
  activated: 'Bot ativado com sucesso!',
  deactivated: 'Bot desativado com sucesso!',
  statusError: 'Erro ao alterar status do bot',
  syncSuccess: 'Channels sincronizados com sucesso!',
  syncError: 'Erro ao sincronizar channels',
} as const;

export const botPath = (botId: string) => `/bots/${encodeURIComponent(botId)}`;
