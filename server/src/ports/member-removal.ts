/**
 * Removing a person from a chat through a bot (docs/decisions.md#paid-access): ban then unban, so they are out but
 * may come back after paying again. Answered, never thrown, so the caller (a durable job) decides between done,
 * retry later and release.
 */
export type MemberRemovalResult =
  /**
   * removed: banned and unbanned now; unbanned: a ban left by an earlier attempt lifted; absent: not in the chat
   * (nothing done); protected: an administrator or the chat's creator (never touched).
   */
  | { ok: true; outcome: 'removed' | 'unbanned' | 'absent' | 'protected' }
  /** notRunning: the bot does not run in this process (or not at all). retryAfter: Telegram's 429, in seconds. */
  | { ok: false; errorCode: number; description: string; retryAfter?: number | undefined; notRunning?: true };

export const REMOVAL_NOT_RUNNING: MemberRemovalResult = { ok: false, errorCode: 0, description: 'bot not running', notRunning: true };
