/**
 * The Telegram Bot API emulator's HTTP control API, for journeys that need Telegram users and chats: create a bot
 * (its token goes into the add-bot modal), promote it in chats, make users join, and read what the bot sent.
 * Playwright runs under Node, so this speaks plain HTTP (global fetch) and never imports the emulator itself.
 */
import { E2E_EMULATOR_URL } from './env.ts';

export type EmulatedUser = { id: number; first_name: string; last_name?: string; username?: string };
export type EmulatedChat = { id: number; type: 'group' | 'supergroup' | 'channel'; title: string };
export type SentRecord = {
  method: string;
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  media?: { type: string; fileId: string; url?: string; fileName?: string }[];
  parse_mode?: string;
  entities?: { type: string; offset: number; length: number; url?: string }[];
  reply_markup?: { inline_keyboard?: { text: string; url?: string; callback_data?: string }[][] };
};

async function control<T>(endpoint: string, input: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}/control/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: true; result: T } | { ok: false; error: string };
  if (!body.ok) throw new Error(`emulator ${endpoint}: ${body.error}`);
  return body.result;
}

/** Unique per call: the emulator lives for the whole run and usernames must not collide between journeys. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const emulator = {
  createBot: (firstName: string) =>
    control<{ token: string; id: number; username: string }>('create-bot', { username: `e2e_${unique()}_bot`, first_name: firstName }),
  createUser: (firstName: string, lastName?: string) =>
    control<EmulatedUser>('create-user', { first_name: firstName, last_name: lastName, username: `${firstName.toLowerCase()}_${unique()}` }),
  createChat: (type: EmulatedChat['type'], title: string, creatorId: number, joinByRequest = false) =>
    control<EmulatedChat>('create-chat', { type, title, creatorId, ...(joinByRequest ? { joinByRequest } : {}) }),
  promoteBot: (chatId: number, token: string) => control<unknown>('promote-bot', { chatId, bot: token }),
  joinChat: (userId: number, chatId: number) => control<{ status: 'joined' | 'requested' }>('join-chat', { userId, chatId }),
  /** A user opens an invite link (t.me/+…): joins, or asks to join when the link requires approval. */
  joinByLink: (userId: number, inviteLink: string) => control<{ status: 'joined' | 'requested' }>('join-by-link', { userId, inviteLink }),
  mark: () => control<number>('mark'),
  /** A user writes to the bot in private (commands get their bot_command entity). */
  sendPrivateMessage: (from: number, token: string, text: string) => control<{ message_id: number }>('send-private-message', { from, bot: token, text }),
  pressButton: (from: number, token: string, messageId: number, buttonText: string) =>
    control<{ kind: 'callback'; callbackQueryId: string } | { kind: 'url'; url: string }>('press-button', { from, bot: token, messageId, buttonText }),
  /** A user pays a Stars invoice link (t.me/$…) the bot sent: pre-checkout, then successful_payment. */
  payInvoice: (userId: number, invoiceLink: string) =>
    control<{ status: 'paid'; telegramPaymentChargeId: string } | { status: 'declined' | 'timeout' }>('pay-invoice', { userId, invoiceLink }),
  /** Every message the bot sent to `chatId`. */
  sentMessages: (token: string, chatId: number) => control<SentRecord[]>('sent-messages', { token, chatId }),
  /** The first message the bot sends to `chatId` after `since` (default: the last control action). */
  waitForSentMessage: (input: { token: string; chatId: number; since?: number; timeoutMs?: number; method?: string }) =>
    control<SentRecord>('wait-for-sent-message', { method: 'sendMessage', timeoutMs: 15_000, ...input }),
};
