/** Toasts of docs/product.md#toasts-account for the bot screens, verbatim (refused queued writes are announced by offline/mutation-labels.ts). */
export const BOT_TOASTS = {
  loadBotsError: 'Erro ao carregar bots',
  createSuccess: 'Bot adicionado com sucesso!',
  createError: 'Erro ao adicionar bot',
  // A deleted bot goes to the trash (docs/decisions.md#bot-trash), so the toast says where to find it.
  removeSuccess: 'Bot movido para a Lixeira. Você pode restaurá-lo por 30 dias.',
  loadDetailsError: 'Erro ao carregar detalhes do bot',
  activated: 'Bot ativado com sucesso!',
  deactivated: 'Bot desativado com sucesso!',
  syncSuccess: 'Canais sincronizados com sucesso!',
  syncError: 'Erro ao sincronizar canais',
  // Not in product.md: the broadcast rate is a bot setting of docs/decisions.md#broadcast-delivery.
  broadcastRateSaved: 'Velocidade de disparo atualizada com sucesso!',
} as const;

export const botPath = (botId: string) => `/bots/${encodeURIComponent(botId)}`;
