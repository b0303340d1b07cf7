/** pt-BR texts of the test panel. */
export const TEST_PANEL_TEXTS = {
  title: 'Testar fluxo',
  intro: 'Envie uma mensagem (ou um comando) como se fosse um contato. Nada é enviado ao Telegram.',
  noMatch: 'Nenhum gatilho deste fluxo responde a isso.',
  noButtonMatch: 'Nada neste fluxo responde a este botão.',
} as const;
