/** docs/product.md#toasts-account texts of the channel configuration, verbatim. */
export const CHANNEL_TOASTS = {
  saveSuccess: 'Mensagem de boas-vindas salva com sucesso!',
  saveError: 'Erro ao salvar mensagem',
} as const;

export const welcomePath = (channelId: string) => `/flows/channels/${encodeURIComponent(channelId)}/welcome`;
