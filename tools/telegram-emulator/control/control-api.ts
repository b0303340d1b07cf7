// The typed control API: acting as Telegram's users and administrators, and reading what bots did. The HTTP
// control endpoints (control-http.ts) expose exactly these functions, so tests in any process drive the same thing.
import type { EmulatorCore, InjectedFailure } from '../core/emulator-core.ts';
import { chatMemberOf, inviteLinkOf } from '../core/serialize.ts';
import type { SentFilter, WaitOptions } from '../core/sent-log.ts';
import type { CallbackRecord, EmulatedUpdate, Message, SentRecord, User } from '../core/types.ts';
import { callbackQuery, pressButton, waitForCallbackAnswer, type PressButtonInput, type PressResult } from './control-buttons.ts';
import {
  addBot, decideJoinRequest, demoteBot, joinByLink, joinChat, leaveChat, removeBot, requestJoin, setMemberStatus,
  type BotInChatInput, type JoinOutcome, type SetStatusInput,
} from './control-membership.ts';
import { sendChatMessage, sendPrivateMessage, setBlocked, type BlockInput, type ChatMessageInput, type PrivateMessageInput } from './control-messages.ts';
import { migrateToSupergroup } from './control-migration.ts';
import { payInvoice, renewBotSubscription, starPayments, type PayInvoiceInput, type PayInvoiceOutcome, type PaymentFilter } from './control-payments.ts';
import {
  cancelSubscription, expireSubscription, paySubscription, renewSubscription, settleSubscriptions, type SubscriptionInput,
} from './control-subscriptions.ts';
import {
  createBot, createChat, createUser, findBot, findChat, updateUser,
  type CreateBotInput, type CreateChatInput, type CreatedBot, type CreatedChat, type CreateUserInput, type UpdateUserInput,
} from './control-setup.ts';

export type FailureInput = Omit<InjectedFailure, 'remaining'> & { times?: number };

export function createControl(core: EmulatorCore) {
  return {
    // Cast
    createBot: (input: CreateBotInput): CreatedBot => createBot(core, input),
    createUser: (input: CreateUserInput): User => createUser(core, input),
    updateUser: (input: UpdateUserInput): User => updateUser(core, input),
    createChat: (input: CreateChatInput): CreatedChat => createChat(core, input),
    // Users acting
    sendPrivateMessage: (input: PrivateMessageInput): Message => sendPrivateMessage(core, input),
    sendChatMessage: (input: ChatMessageInput): Message => sendChatMessage(core, input),
    pressButton: (input: PressButtonInput): PressResult => pressButton(core, input),
    blockBot: (input: BlockInput): void => setBlocked(core, input, true),
    unblockBot: (input: BlockInput): void => setBlocked(core, input, false),
    joinChat: (input: { userId: number; chatId: number }): JoinOutcome => joinChat(core, input),
    joinByLink: (input: { userId: number; inviteLink: string }): JoinOutcome => joinByLink(core, input),
    requestJoin: (input: { userId: number; chatId: number; inviteLink?: string; bio?: string }): JoinOutcome => requestJoin(core, input),
    leaveChat: (input: { userId: number; chatId: number }): void => leaveChat(core, input),
    // Users paying in Telegram Stars
    payInvoice: (input: PayInvoiceInput): Promise<PayInvoiceOutcome> => payInvoice(core, input),
    renewBotSubscription: (input: { telegramPaymentChargeId: string }) => renewBotSubscription(core, input),
    paySubscription: (input: { userId: number; inviteLink: string }) => paySubscription(core, input),
    renewSubscription: (input: SubscriptionInput): { untilDate: number } => renewSubscription(core, input),
    cancelSubscription: (input: SubscriptionInput): void => cancelSubscription(core, input),
    expireSubscription: (input: SubscriptionInput): void => expireSubscription(core, input),
    // Administrators acting outside the bot
    approveJoinRequest: (input: { chatId: number; userId: number; by?: number }): void => decideJoinRequest(core, input, true),
    declineJoinRequest: (input: { chatId: number; userId: number; by?: number }): void => decideJoinRequest(core, input, false),
    setMemberStatus: (input: SetStatusInput): void => setMemberStatus(core, input),
    addBot: (input: BotInChatInput & { asAdmin?: boolean }): void => addBot(core, input),
    promoteBot: (input: BotInChatInput): void => addBot(core, { ...input, asAdmin: true }),
    demoteBot: (input: BotInChatInput): void => demoteBot(core, input),
    removeBot: (input: BotInChatInput): void => removeBot(core, input),
    migrateToSupergroup: (input: { chatId: number; by?: number }): { supergroupId: number } => migrateToSupergroup(core, input),
    // Reading what bots did
    sentMessages: (filter: SentFilter = {}): SentRecord[] => core.sent.list(filter),
    waitForSentMessage: (options: WaitOptions = {}): Promise<SentRecord> => core.sent.waitFor(options),
    /** The position of the sent log now; pass it as `since` to wait for what comes after. */
    mark: (): number => core.sent.lastSeq,
    callbackQuery: (id: string): CallbackRecord => callbackQuery(core, id),
    waitForCallbackAnswer: (id: string, timeoutMs?: number): Promise<CallbackRecord> => waitForCallbackAnswer(core, id, timeoutMs),
    apiCalls: (filter: { token?: string; method?: string } = {}) =>
      core.calls.filter((c) => (!filter.token || c.token === filter.token) && (!filter.method || c.method.toLowerCase() === filter.method.toLowerCase())),
    pendingUpdates: (bot: string): EmulatedUpdate[] => core.world.queueOf(findBot(core, bot).user.id).peek(100),
    /** Whether a getUpdates long poll of this bot is waiting right now. */
    isPolling: (bot: string): boolean => core.world.queueOf(findBot(core, bot).user.id).isPolling,
    chatState: (chatId: number) => chatState(core, chatId),
    /** Every Stars payment (invoices and channel subscriptions), refunded ones with refundedAt. */
    starPayments: (filter: PaymentFilter = {}) => starPayments(core, filter),
    refunds: (filter: PaymentFilter = {}) => starPayments(core, filter).filter((payment) => payment.refundedAt !== undefined),
    // Faults and time
    injectFailure: (input: FailureInput): void => {
      const { times, ...failure } = input;
      core.failures.push({ ...failure, remaining: times ?? 1 });
    },
    /** Moves the emulator's clock (join-request windows, link and ban expiry, flood windows, subscriptions) without waiting. */
    advanceTime: (ms: number): void => {
      core.world.advanceTime(ms);
      settleSubscriptions(core);
    },
    reset: (): void => core.reset(),
  };
}

export type EmulatorControl = ReturnType<typeof createControl>;

function chatState(core: EmulatorCore, chatId: number) {
  const chat = findChat(core, chatId);
  return {
    id: chat.id, type: chat.type, title: chat.title, username: chat.username, creatorId: chat.creatorId,
    members: [...chat.members].map(([userId, member]) => chatMemberOf(core.world.userOrThrow(userId), member, chat.type)),
    joinRequests: [...chat.joinRequests.values()],
    inviteLinks: [...chat.inviteLinks.values()].map((link) => ({ ...inviteLinkOf(link, link.creatorId, core.world), joined: link.joinedCount })),
  };
}
