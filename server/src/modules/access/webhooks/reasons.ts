/** The pt-BR reasons the webhook log shows beside "não processado" or "ignorado", and the pipeline's refusals. */
export const WEBHOOK_REASONS = {
  archived: 'Plano arquivado: restaure o plano e reprocesse este webhook',
  productMismatch: (received: string | undefined, expected: string) =>
    `Produto ${received ?? '(não informado)'} não é o deste plano (código configurado: ${expected}). Corrija o código do produto no plano e reprocesse.`,
  purchaseUnknown: (transactionId: string) =>
    `Nenhum acesso deste plano corresponde à transação ${transactionId}. Reprocesse quando a compra aprovada chegar.`,
  alreadyEnded: 'O acesso já estava encerrado',
  alreadyCanceled: 'A assinatura já estava cancelada',
  duplicate: 'Repetição de um webhook já processado',
  notReprocessable: 'Só webhooks não processados podem ser reprocessados',
  tokenMissing: (gateway: string) => `Cadastre o token da ${gateway} neste plano antes de enviar uma compra de teste`,
} as const;
