/**
 * Inbox replies (docs/decisions.md#p-inbox): a plain-text sendMessage through a bot's token that is NOT recorded by
 * the outbound recorder (the inbox stores the reply itself, under the id the operator's client made) and that
 * retries a 429 only. A network failure or a 5xx is answered as `uncertain`: Telegram may have delivered, so the
 * caller records it and never sends again on its own.
 */
import { Api, GrammyError, HttpError } from 'grammy';
import type { DirectSendResult } from '../../../ports/direct-send.ts';
import { resilienceTransformer, type ResilienceOptions } from './api-resilience.ts';

export type DirectSender = (chatId: number, text: string) => Promise<DirectSendResult>;

export function createDirectSender(token: string, apiRoot: string, resilience: ResilienceOptions): DirectSender {
  const api = new Api(token, { apiRoot });
  api.config.use(resilienceTransformer({ ...resilience, retryUncertain: false }));
  return async (chatId, text) => {
    try {
      return { ok: true, message: await api.sendMessage(chatId, text) };
    } catch (error) {
      if (error instanceof GrammyError) {
        return { ok: false, errorCode: error.error_code, description: error.description, uncertain: error.error_code >= 500 };
      }
      if (error instanceof HttpError) return { ok: false, errorCode: 0, description: error.message, uncertain: true };
      // Aborted while waiting out a 429 (the bot stopped): nothing was delivered.
      return { ok: false, errorCode: 0, description: error instanceof Error ? error.message : String(error), uncertain: false };
    }
  };
}
