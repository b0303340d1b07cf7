/**
 * Paid access as the bot runtime sees it (docs/decisions.md#paid-access): the access module implements this and the
 * composition root hands it to the runtime, which answers Telegram with what it decides. Every method is a database
 * decision; the runtime makes the Telegram calls (invite links, messages, approvals, removals).
 */
import { noEmailLink, type AccessEmailLink } from './access-email-link.ts';

/** A chat of a plan, as the runtime addresses it. */
export type AccessChat = { chatId: number; title: string };

export type ClaimOutcome =
  /** Unknown, used by another account, or of another bot: the answer never says whose it was. */
  | { status: 'invalid' }
  | { status: 'expired' }
  /** The access exists but no longer lets anyone in (refunded, expired, revoked), or its plan is paused. */
  | { status: 'ended' }
  | { status: 'linked'; memberId: string; planName: string; accessUntil: Date | null; chats: AccessChat[] };

export type IssuedLink = { chatId: number; inviteLink: string; expiresAt: Date };

export type JoinVerdict =
  /** Not a link issued for an access, or the access's own account. */
  | { status: 'fine' }
  /**
   * A link issued for an access, used by another account: `remove` unless that account holds access to the chat
   * itself; the buyer (when known) gets a fresh link to this chat.
   */
  | { status: 'leaked'; remove: boolean; memberId: string; buyerTelegramId: number | null; planName: string; chat: AccessChat };

/**
 * What to do with a join request (the chat's gate, docs/product.md#acessos): `not-gated` passes it on (the
 * administrators, or the welcome's auto-approval, decide); `leave` does nothing and passes nothing on (a plan's chat
 * left to its administrators: never auto-approved); `challenge` sends the human check in private.
 */
export type JoinRequestVerdict = 'approve' | 'decline' | 'not-gated' | 'leave' | { challenge: JoinChallenge };

/** A button puzzle: `options` are the buttons' emoji, each pressing `<prefix><nonce>:<index>`. */
export type JoinChallenge = { id: string; nonce: string; chatTitle: string; options: string[]; target: { emoji: string; name: string } };

/**
 * A press on a puzzle button: `stale` when the puzzle is unknown, already answered, expired or another person's;
 * otherwise the first press settled it (approve or decline) and the runtime tells Telegram, then `challengeSettled`.
 */
export type ChallengeAnswer =
  | { status: 'stale' }
  | { status: 'settled'; challengeId: string; approve: boolean; chatId: number; chatTitle: string };

export type AccessGate = {
  /** `/start <code>` in the bot's private chat; the journal has written the user's contact before. */
  claim(input: { botId: string; telegramId: number; code: string }): Promise<ClaimOutcome>;
  /** The links the runtime created for an access (after a claim or a leak), so joins through them are recognised. */
  linksIssued(input: { botId: string; memberId: string; links: IssuedLink[] }): Promise<void>;
  /** A join into a chat through an invite link. */
  joinedThroughLink(input: { botId: string; chatId: number; telegramId: number; inviteLink: string }): Promise<JoinVerdict>;
  /** A join request: approved when the user holds access to a plan covering the chat, declined in a gated chat otherwise. */
  joinRequest(input: { botId: string; chatId: number; telegramId: number }): Promise<JoinRequestVerdict>;
  /** The puzzle reached the requester's private chat (messageId) or could not be sent (null: declined now). */
  challengeSent(input: { challengeId: string; messageId: number | null }): Promise<void>;
  /** A press on a puzzle button (callback data with the challenge prefix). */
  challengeAnswer(input: { botId: string; telegramId: number; data: string }): Promise<ChallengeAnswer>;
  /** Telegram approved or declined the request of a settled puzzle: its timeout job has nothing left to do. */
  challengeSettled(input: { challengeId: string }): Promise<void>;
  /** Linking a purchase by its e-mail in the bot's chat. */
  emailLink: AccessEmailLink;
};

export const noAccessGate: AccessGate = {
  claim: async () => ({ status: 'invalid' }),
  linksIssued: async () => {},
  joinedThroughLink: async () => ({ status: 'fine' }),
  joinRequest: async () => 'not-gated',
  challengeSent: async () => {},
  challengeAnswer: async () => ({ status: 'stale' }),
  challengeSettled: async () => {},
  emailLink: noEmailLink,
};
