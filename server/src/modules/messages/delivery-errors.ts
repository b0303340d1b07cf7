/**
 * Why a reply did not reach the contact, in pt-BR (docs/telegram.md#tg-limits: 403 blocked / deactivated /
 * can't initiate, 400 chat not found). Stored with the failed message and shown under its bubble.
 */
import type { DirectSendResult } from '../../ports/direct-send.ts';

export const DELIVERY_TEXTS = {
  blocked: 'O contato bloqueou o bot. A mensagem não foi entregue.',
  deactivated: 'A conta do contato no Telegram foi desativada. A mensagem não foi entregue.',
  cantInitiate: 'O contato ainda não iniciou uma conversa com o bot. A mensagem não foi entregue.',
  forbidden: 'O Telegram recusou a entrega a este contato.',
  chatNotFound: 'Conversa não encontrada no Telegram. A mensagem não foi entregue.',
  rateLimited: 'Limite de envios do Telegram atingido. Tente novamente em instantes.',
  botNotRunning: 'O bot está desativado ou indisponível. Ative-o e tente novamente.',
  uncertain: 'Não foi possível confirmar a entrega (falha de conexão com o Telegram). Confira no Telegram antes de reenviar.',
  abandoned: 'Envio interrompido sem confirmação do Telegram. Confira no Telegram antes de reenviar.',
  generic: 'Erro ao enviar mensagem',
} as const;

export function deliveryErrorText(result: Extract<DirectSendResult, { ok: false }>): string {
  if (result.uncertain) return DELIVERY_TEXTS.uncertain;
  const description = result.description.toLowerCase();
  if (result.errorCode === 403) {
    if (description.includes('blocked')) return DELIVERY_TEXTS.blocked;
    if (description.includes('deactivated')) return DELIVERY_TEXTS.deactivated;
    if (description.includes("can't initiate")) return DELIVERY_TEXTS.cantInitiate;
    return DELIVERY_TEXTS.forbidden;
  }
  if (result.errorCode === 400 && description.includes('chat not found')) return DELIVERY_TEXTS.chatNotFound;
  if (result.errorCode === 429) return DELIVERY_TEXTS.rateLimited;
  if (result.errorCode === 0) return DELIVERY_TEXTS.botNotRunning;
  return DELIVERY_TEXTS.generic;
}
