/**
 * Invite links of funnels (docs/decisions.md#d-funnels-pixel, docs/telegram.md#tg-join-requests) through a running
 * bot's API: the funnel's own link (named after the funnel; creates_join_request when it asks for approval) and the
 * per-visit links a tracking click asks for (member_limit 1, expiring). Every outcome is answered, never thrown, so
 * the funnels and tracking modules decide what a refusal means to their caller.
 */
import { GrammyError, HttpError, type Api } from 'grammy';
import type { InviteLinkCall, InviteLinkOptions, InviteLinkResult } from '../../../ports/invite-link.ts';

function params(options: InviteLinkOptions) {
  return {
    ...(options.name ? { name: options.name } : {}),
    ...(options.createsJoinRequest ? { creates_join_request: true } : {}),
    ...(options.memberLimit ? { member_limit: options.memberLimit } : {}),
    ...(options.expireDate ? { expire_date: options.expireDate } : {}),
  };
}

export async function callInviteLink(api: Api, call: InviteLinkCall): Promise<InviteLinkResult> {
  // grammY types its signal with the abort-controller shim; the platform's AbortSignal is what it really uses.
  const signal = call.signal as Parameters<Api['createChatInviteLink']>[2];
  try {
    if (call.action === 'create') return { ok: true, link: await api.createChatInviteLink(call.chatId, params(call.options), signal) };
    if (call.action === 'edit') return { ok: true, link: await api.editChatInviteLink(call.chatId, call.link, params(call.options), signal) };
    return { ok: true, link: await api.revokeChatInviteLink(call.chatId, call.link, signal) };
  } catch (error) {
    if (error instanceof GrammyError) return { ok: false, errorCode: error.error_code, description: error.description };
    if (error instanceof HttpError) return { ok: false, errorCode: 0, description: error.message };
    return { ok: false, errorCode: 0, description: error instanceof Error ? error.message : String(error) };
  }
}
