/**
 * The human check of a join request (docs/product.md#acessos): a button puzzle the bot sends in private to the
 * person asking to join, pt-BR. One attempt, CHALLENGE_MINUTES to answer (Telegram lets a bot write to a join
 * requester only within 5 minutes of the request).
 */
export const CHALLENGE_MINUTES = 5;
/** Buttons of one puzzle, in rows of three. */
export const CHALLENGE_OPTIONS = 6;
/** Callback data of a puzzle button: `jg:<nonce>:<option index>`; the nonce is random per puzzle. */
export const CHALLENGE_PREFIX = 'jg:';

/** Emoji with the pt-BR name the question uses ("Toque no 🍎 (maçã)"). */
export const CHALLENGE_EMOJI: readonly { emoji: string; name: string }[] = [
  { emoji: '🍎', name: 'maçã' }, { emoji: '🚗', name: 'carro' }, { emoji: '🐶', name: 'cachorro' }, { emoji: '⚽', name: 'bola' },
  { emoji: '🌙', name: 'lua' }, { emoji: '🎸', name: 'violão' }, { emoji: '🌵', name: 'cacto' }, { emoji: '🐟', name: 'peixe' },
  { emoji: '🍕', name: 'pizza' }, { emoji: '🔑', name: 'chave' }, { emoji: '☂️', name: 'guarda-chuva' }, { emoji: '🚲', name: 'bicicleta' },
];

export function challengeText(chatTitle: string, target: { emoji: string; name: string }) {
  return [
    `Olá! Para entrar em "${chatTitle}", confirme que você não é um robô.`,
    `Toque no ${target.emoji} (${target.name}) abaixo. Você tem ${CHALLENGE_MINUTES} minutos e uma única tentativa.`,
  ].join('\n\n');
}

export const CHALLENGE_TEXTS = {
  passed: (chatTitle: string) => `Tudo certo! Seu pedido para entrar em "${chatTitle}" foi aprovado.`,
  failed: (chatTitle: string) => `Resposta errada. Seu pedido para entrar em "${chatTitle}" foi recusado; você pode pedir de novo.`,
  expired: (chatTitle: string) => `O tempo acabou. Seu pedido para entrar em "${chatTitle}" foi recusado; você pode pedir de novo.`,
  /** A press on a puzzle already answered, expired or not this person's. */
  stale: 'Este desafio não vale mais.',
} as const;
