/**
 * Linking a purchase by its e-mail in the bot's private chat (docs/decisions.md#paid-access), as the runtime sees
 * it: the access module keeps the exchange in the database (any instance may continue it, a restart loses nothing)
 * and answers what to say; the runtime sends it and, on a link, the personal invite links.
 */
import type { AccessChat } from './access-gate.ts';

export type LinkedAccess = { memberId: string; planName: string; accessUntil: Date | null; chats: AccessChat[] };

export type EmailLinkReply =
  /** Not part of an exchange: the update goes on to the flows. */
  | { status: 'pass' }
  | { status: 'reply'; text: string }
  | { status: 'linked'; accesses: LinkedAccess[] };

export type AccessEmailLink = {
  /** `/vincular`: asks for the purchase e-mail (or says why it cannot); null when the bot sells no access (the flows may answer it). */
  begin(input: { botId: string; telegramId: number }): Promise<string | null>;
  /** A private text that looks like an e-mail or a code: its answer when an exchange awaits it, else 'pass'. */
  answer(input: { botId: string; telegramId: number; text: string }): Promise<EmailLinkReply>;
  /** Whether a bare /start should mention /vincular (the bot sells access). */
  offered(botId: string): Promise<boolean>;
};

export const noEmailLink: AccessEmailLink = {
  begin: async () => null,
  answer: async () => ({ status: 'pass' }),
  offered: async () => false,
};
