/**
 * What the bot tells a buyer in Telegram about their access (docs/product.md#acessos), pt-BR. Invite links are
 * personal: one entry each, valid for INVITE_LINK_HOURS.
 */
export const INVITE_LINK_HOURS = 24;
/** Claim codes in a /start payload start with this, apart from flows' and funnels' own payloads. */
export const CLAIM_PREFIX = 'a_';

const dateOf = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date);

export const CLAIM_TEXTS = {
  invalid: 'Este link de acesso não é válido ou já foi usado. Se você comprou o acesso, abra o link que recebeu após a compra ou fale com quem vendeu.',
  expired: 'Este link de acesso expirou. Fale com quem vendeu o acesso para receber um novo.',
  ended: 'Este acesso não está mais ativo. Fale com quem vendeu o acesso para renová-lo.',
  noLinks: 'Seu acesso está liberado, mas não consegui gerar o link de entrada agora. Envie o mesmo link de acesso de novo em alguns minutos.',
} as const;

export type ClaimedChatLink = { title: string; inviteLink: string };

export function claimedText(planName: string, accessUntil: Date | null, links: ClaimedChatLink[]) {
  const until = accessUntil ? ` até ${dateOf(accessUntil)}` : '';
  const lines = links.map((link) => `${link.title}: ${link.inviteLink}`);
  return [
    `Pronto! Seu acesso ao plano "${planName}" está liberado${until}.`,
    `Entre pelos links abaixo. Cada link é pessoal, vale para uma única entrada e expira em ${INVITE_LINK_HOURS} horas; se expirar, abra de novo o seu link de acesso para receber outro.`,
    ...lines,
  ].join('\n\n');
}

export function freshLinkText(chatTitle: string, inviteLink: string) {
  return [
    `Alguém tentou entrar em "${chatTitle}" com o seu link de acesso e foi removido.`,
    `Este é o seu novo link pessoal (uma entrada, expira em ${INVITE_LINK_HOURS} horas):`,
    inviteLink,
  ].join('\n\n');
}
