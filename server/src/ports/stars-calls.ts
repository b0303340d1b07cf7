/**
 * Telegram Stars calls the access module makes through a plan's bot (docs/decisions.md#paid-access): the channel
 * subscription link of a plan (created, renamed, revoked), the refund of an invoice payment and the end of its renewals. Telegram's refusal is answered, never thrown
 * (errorCode 0: the bot is off or Telegram did not answer), so the module decides what it means to its caller.
 */
export type StarsCall =
  | { action: 'subscription-link'; chatId: number; name: string; priceStars: number; periodSeconds: number }
  | { action: 'rename-subscription-link'; chatId: number; link: string; name: string }
  /** Nobody joins through the link any more (revokeChatInviteLink); its subscribers keep renewing. */
  | { action: 'revoke-subscription-link'; chatId: number; link: string }
  | { action: 'refund'; telegramId: number; chargeId: string }
  /** Stops the renewals of a subscription invoice (editUserStarSubscription is_canceled). */
  | { action: 'cancel-subscription'; telegramId: number; chargeId: string };

export type StarsCallResult =
  | { ok: true; link?: string | undefined }
  | { ok: false; errorCode: number; description: string };

export const STARS_NOT_RUNNING: Extract<StarsCallResult, { ok: false }> = { ok: false, errorCode: 0, description: 'bot not running' };
