/** pt-BR texts of the test panel. */
export const TEST_PANEL_TEXTS = {
  title: 'Testar fluxo',
  intro: 'Envie uma mensagem (ou um comando) como se fosse um contato. Nada é enviado ao Telegram.',
  noMatch: 'Nenhum gatilho deste fluxo responde a isso.',
  noButtonMatch: 'Nada neste fluxo responde a este botão.',
  /** The test runs the flow on the server: offline there is nothing to run it. */
  offline: 'O teste precisa de conexão com a internet. Conecte-se e tente de novo.',
} as const;
