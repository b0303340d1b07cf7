/**
 * pt-BR texts of the purchase webhooks: why a delivery was refused (401), not processed (400/422, shown to the
 * operator in the webhook log as "não processado" with this reason) or ignored (answered 2xx, changes no access).
 */
export const WEBHOOK_TEXTS = {
  // 401: nothing is stored beyond a counter, so these name the check, never the secret.
  secretNotConfigured: 'A chave deste webhook não está configurada no plano',
  signatureMissing: 'Assinatura ausente',
  signatureMalformed: 'Assinatura em formato inválido',
  signatureMismatch: 'Assinatura inválida',
  signatureReplay: 'Assinatura expirada: o envio está a mais de 5 minutos do horário do servidor (possível reenvio)',
  hottokMissing: 'Cabeçalho X-HOTMART-HOTTOK ausente',
  hottokMismatch: 'Hottok inválido: confira o token da sua conta Hotmart no plano',
  // 400 / 422
  bodyNotJson: 'Corpo da requisição inválido (JSON malformado)',
  bodyNotObject: 'Corpo da requisição deve ser um objeto JSON',
  fieldProblem: (field: string, problem: string) => `Campo ${field}: ${problem}`,
  required: 'obrigatório',
  eventUnknown: (name: string) => `Evento não reconhecido: ${name}`,
  versionUnsupported: (version: string) => `Versão ${version} do webhook não suportada: escolha a versão 2.0.0 no Hotmart`,
  // Field problems of the normalized purchase (shared/access/webhook-event.ts)
  emailInvalid: 'e-mail do comprador ausente ou inválido',
  transactionInvalid: 'identificador da transação ausente ou inválido',
  textInvalid: 'texto inválido ou longo demais',
  phoneInvalid: 'telefone inválido (use DDI, DDD e número)',
  amountInvalid: 'valor inválido (use um número em reais, por exemplo 97.9)',
  currencyInvalid: 'moeda inválida (use o código ISO de 3 letras, por exemplo BRL)',
  dateInvalid: 'data inválida (use ISO 8601 com fuso, por exemplo 2026-12-31T23:59:59-03:00)',
  eventInvalid: 'evento inválido: use purchase.approved, purchase.refunded, purchase.chargeback, subscription.renewed ou subscription.canceled',
  buyerInvalid: 'dados do comprador ausentes',
  // Ignored: answered 2xx so the gateway stops retrying; access does not change.
  ignoredPing: 'Teste de conexão do gateway',
  ignoredAwaitingPayment: 'Pagamento ainda não confirmado (boleto, Pix ou cartão em análise)',
  ignoredNotPaid: 'Pagamento recusado ou expirado: nenhum acesso foi concedido',
  ignoredAbandonedCart: 'Carrinho abandonado',
  ignoredDispute: 'Pedido de reembolso ou contestação aberto: o acesso muda quando o reembolso ou o estorno for confirmado',
  ignoredSubscriptionChange: 'Alteração de assinatura que não muda o acesso',
  ignoredNotPurchase: 'Evento sem relação com pagamentos',
  ignoredStatus: (status: string) => `Situação "${status}" não altera o acesso`,
} as const;
