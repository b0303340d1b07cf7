/** The broadcast form's own sentences (docs/product.md#screen-broadcast-form). */
export const FORM_TEXTS = {
  // Saving without a time asks whether to send now; declined, it stays a draft (hooks/use-broadcast-submit.ts).
  scheduleHint: 'Em branco: ao salvar, você escolhe entre enviar agora ou manter como rascunho.',
  keepDraft: 'Manter como rascunho',
  scheduleOffline: 'Agendar precisa de conexão. Sem rede, o disparo é salvo como rascunho neste aparelho.',
  needsServer: 'Agendar precisa de conexão com o servidor.',
  sendOffline: 'Enviar precisa de conexão com o servidor.',
  notEditable: (status: string) => `Um disparo com status ${status} não pode ser editado.`,
  offlineMissing: 'Você está offline e este disparo não está neste aparelho.',
  offlineForm: 'Você está offline: o disparo será salvo como rascunho neste aparelho e sincronizado quando a conexão voltar. Enviar e agendar precisam de conexão.',
} as const;
