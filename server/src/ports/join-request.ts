/**
 * Answering a join request through a bot (docs/product.md#acessos): the timeout of a human check declines it (or
 * finishes a settled one), and may replace the puzzle's text in the private chat. Answered, never thrown: a 400
 * (the request was already answered, or withdrawn) is the caller's to read as "done".
 */
export type JoinRequestCall = {
  chatId: number;
  telegramUserId: number;
  approve: boolean;
  /** The puzzle message to replace with this text (best effort). */
  notice?: { chatId: number; messageId: number; text: string } | undefined;
};

export type JoinRequestResult =
  | { ok: true }
  | { ok: false; errorCode: number; description: string; retryAfter?: number | undefined };

export const JOIN_REQUEST_NOT_RUNNING: JoinRequestResult = { ok: false, errorCode: 0, description: 'bot not running' };
