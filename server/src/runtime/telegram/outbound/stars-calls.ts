/**
 * Telegram Stars calls of paid access (docs/decisions.md#paid-access) through a bot's API: a plan channel's
 * subscription link (createChatSubscriptionInviteLink; only its name can change afterwards; revoked when it stops selling), the refund of an
 * invoice payment and the end of a subscription invoice's renewals. Every outcome is answered, never thrown.
 */
import { GrammyError, HttpError, type Api } from 'grammy';
import type { StarsCall, StarsCallResult } from '../../../ports/stars-calls.ts';

export async function callStars(api: Api, call: StarsCall): Promise<StarsCallResult> {
  try {
    if (call.action === 'subscription-link') {
      const link = await api.createChatSubscriptionInviteLink(call.chatId, call.periodSeconds, call.priceStars, { name: call.name });
      return { ok: true, link: link.invite_link };
    }
    if (call.action === 'rename-subscription-link') {
      return { ok: true, link: (await api.editChatSubscriptionInviteLink(call.chatId, call.link, { name: call.name })).invite_link };
    }
    if (call.action === 'revoke-subscription-link') {
      return { ok: true, link: (await api.revokeChatInviteLink(call.chatId, call.link)).invite_link };
    }
    if (call.action === 'cancel-subscription') {
      await api.editUserStarSubscription(call.telegramId, call.chargeId, true);
      return { ok: true };
    }
    await api.refundStarPayment(call.telegramId, call.chargeId);
    return { ok: true };
  } catch (error) {
    if (error instanceof GrammyError) return { ok: false, errorCode: error.error_code, description: error.description };
    if (error instanceof HttpError) return { ok: false, errorCode: 0, description: error.message };
    return { ok: false, errorCode: 0, description: error instanceof Error ? error.message : String(error) };
  }
}
