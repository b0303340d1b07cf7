/**
 * Linking a purchase by its e-mail in the bot's chat (docs/product.md#acessos), pt-BR. The answer to an e-mail is
 * the same whether it bought anything or not: nobody learns from the bot who is a customer.
 */
export const EMAIL_LINK_COMMANDS = ['vincular', 'acesso'] as const;
export const EMAIL_LINK_LIMITS = {
  /** Minutes to type the e-mail after /vincular, and to type the code after it was sent. */
  emailMinutes: 10,
  codeMinutes: 15,
  codeAttempts: 5,
  /** Codes per hour for one Telegram user of a bot, and for one e-mail from anywhere. */
  sendsPerUserHour: 3,
  sendsPerEmailHour: 3,
} as const;

export const EMAIL_LINK_TEXTS = {
  askEmail: 'Qual e-mail você usou na compra? Envie aqui na conversa.',
  noMail: 'Não consigo enviar e-mails daqui. Para liberar seu acesso, abra o link de acesso que você recebeu após a compra (na página de obrigado ou no e-mail da compra).',
  codeSent: `Se houver uma compra com esse e-mail, enviamos um código de 6 dígitos para ele. Digite o código aqui em até ${EMAIL_LINK_LIMITS.codeMinutes} minutos.`,
  throttled: 'Você pediu códigos demais. Tente de novo daqui a uma hora ou abra o link de acesso que recebeu após a compra.',
  wrongCode: (left: number) => `Código incorreto. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`,
  expired: 'Este código expirou ou foi tentado vezes demais. Envie /vincular para receber outro.',
  nothingToLink: 'Não encontrei acesso ativo para liberar com esse e-mail. Se você acabou de comprar, aguarde alguns minutos e envie /vincular de novo, ou fale com quem vendeu.',
  startHint: 'Já comprou o acesso? Abra o link que recebeu após a compra ou envie /vincular para liberar com o e-mail da compra.',
} as const;

export const EMAIL_CODE_MAIL = {
  subject: 'Seu código de acesso no Telegram',
  lines: (code: string, bot: string) => [
    `Seu código para liberar o acesso que você comprou, na conversa com @${bot} no Telegram: ${code}`,
    `Digite esse código na conversa com o bot em até ${EMAIL_LINK_LIMITS.codeMinutes} minutos.`,
    'Se você não pediu este código, ignore este e-mail: nada muda sem ele.',
  ],
} as const;
