/**
 * Approving or declining a join request through a bot's API for the access module (ports/join-request.ts), then
 * replacing the human check's puzzle with the outcome when asked. Every outcome is answered, never thrown.
 */
import { GrammyError, type Api } from 'grammy';
import type { JoinRequestCall, JoinRequestResult } from '../../../ports/join-request.ts';

export async function callJoinRequest(api: Api, call: JoinRequestCall): Promise<JoinRequestResult> {
  try {
    if (call.approve) await api.approveChatJoinRequest(call.chatId, call.telegramUserId);
    else await api.declineChatJoinRequest(call.chatId, call.telegramUserId);
  } catch (error) {
    if (error instanceof GrammyError) return { ok: false, errorCode: error.error_code, description: error.description, retryAfter: error.parameters.retry_after };
    return { ok: false, errorCode: 0, description: error instanceof Error ? error.message : String(error) };
  }
  const notice = call.notice;
  // The puzzle keeps its buttons otherwise; a refusal here (message gone, window closed) changes nothing.
  if (notice) await api.editMessageText(notice.chatId, notice.messageId, notice.text).catch(() => undefined);
  return { ok: true };
}
