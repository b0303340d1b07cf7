/**
 * One broadcast message to one chat through a bot's token (docs/decisions.md#broadcast-delivery). No retries at
 * all here: the delivery engine owns the policy (a 429 pauses the whole bot, a refused connection is tried again
 * later, anything Telegram may have delivered is never repeated), so every answer is classified and returned.
 */
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { InlineKeyboardButton, Message } from 'grammy/types';
import type { BroadcastOutgoing, BroadcastSendResult } from '../../../ports/broadcast-send.ts';

export type BroadcastSender = (message: BroadcastOutgoing) => Promise<BroadcastSendResult>;

const NOT_SENT_CODES = new Set(['ConnectionRefused', 'ECONNREFUSED', 'FailedToOpenSocket', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function keyboard(rows: BroadcastOutgoing['buttons']) {
  if (rows.length === 0) return undefined;
  const inline_keyboard: InlineKeyboardButton[][] = rows.map((row) =>
    row.buttons.map((button) => (button.type === 'url' ? { text: button.text, url: button.value } : { text: button.text, callback_data: button.value })),
  );
  return { inline_keyboard };
}

const fileIdOf = (message: Message) => message.photo?.at(-1)?.file_id ?? message.video?.file_id ?? message.audio?.file_id ?? message.document?.file_id;

export function createBroadcastSender(token: string, apiRoot: string, onUnauthorized: () => void): BroadcastSender {
  const api = new Api(token, { apiRoot });
  return async (message) => {
    const reply_markup = keyboard(message.buttons);
    const media = message.media;
    // grammY types its signal with the abort-controller shim; the platform's AbortSignal is what it really uses.
    const signal = message.signal as Parameters<Api['sendMessage']>[3];
    try {
      let sent: Message;
      if (!media) {
        sent = await api.sendMessage(message.chatId, message.text, { parse_mode: 'HTML', ...(reply_markup ? { reply_markup } : {}) }, signal);
      } else {
        const input = media.fileId ?? (media.upload ? new InputFile(media.upload.path, media.upload.fileName) : (media.url ?? ''));
        const other = { caption: message.text || undefined, parse_mode: 'HTML' as const, ...(reply_markup ? { reply_markup } : {}) };
        if (media.type === 'IMAGE') sent = await api.sendPhoto(message.chatId, input, other, signal);
        else if (media.type === 'VIDEO') sent = await api.sendVideo(message.chatId, input, other, signal);
        else if (media.type === 'AUDIO') sent = await api.sendAudio(message.chatId, input, other, signal);
        else sent = await api.sendDocument(message.chatId, input, other, signal);
      }
      return { ok: true, messageId: sent.message_id, fileId: media ? fileIdOf(sent) : undefined };
    } catch (error) {
      return classify(error, media?.fileId !== undefined, onUnauthorized);
    }
  };
}

function classify(error: unknown, usedFileId: boolean, onUnauthorized: () => void): BroadcastSendResult {
  if (error instanceof GrammyError) {
    const description = error.description;
    const lower = description.toLowerCase();
    if (error.error_code === 429) return { ok: false, kind: 'rate', retryAfter: error.parameters.retry_after ?? 1 };
    if (error.error_code === 401) {
      onUnauthorized();
      return { ok: false, kind: 'unauthorized' };
    }
    if (error.error_code === 403) {
      if (lower.includes('blocked')) return { ok: false, kind: 'blocked', description };
      if (lower.includes('deactivated')) return { ok: false, kind: 'deactivated', description };
      if (lower.includes("can't initiate")) return { ok: false, kind: 'cant-initiate', description };
      return { ok: false, kind: 'refused', description };
    }
    if (error.error_code === 400 && lower.includes('chat not found')) return { ok: false, kind: 'chat-not-found', description };
    if (error.error_code === 400 && usedFileId && (lower.includes('file') || lower.includes('wrong'))) return { ok: false, kind: 'file-id-refused', description };
    if (error.error_code >= 500) return { ok: false, kind: 'uncertain', description };
    return { ok: false, kind: 'refused', description };
  }
  if (error instanceof HttpError) {
    const cause = error.error as { code?: unknown; name?: unknown } | undefined;
    const code = typeof cause?.code === 'string' ? cause.code : '';
    if (NOT_SENT_CODES.has(code)) return { ok: false, kind: 'not-sent', description: error.message };
    return { ok: false, kind: 'uncertain', description: error.message };
  }
  return { ok: false, kind: 'uncertain', description: error instanceof Error ? error.message : String(error) };
}
