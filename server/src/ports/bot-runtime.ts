/**
 * The runtime as the modules and engines see it: they start, stop and refresh bots through this interface and
 * never touch grammY (runtime/telegram implements it). `idleRuntime` serves apps built without Telegram (unit
 * tests of other modules).
 */
import type { Update } from 'grammy/types';
import type { TestFlowResult } from '@shared/flows/executions.ts';
import type { WatchField } from '@shared/flows/node-configs.ts';
import { AppError } from '../lib/errors.ts';
import { BROADCAST_NOT_RUNNING, type BroadcastOutgoing, type BroadcastSendResult } from './broadcast-send.ts';
import { NOT_RUNNING, type DirectSendResult } from './direct-send.ts';
import { INVITE_NOT_RUNNING, type InviteLinkCall, type InviteLinkResult } from './invite-link.ts';
import { STARS_NOT_RUNNING, type StarsCall, type StarsCallResult } from './stars-calls.ts';
import type { ChannelSyncInput, SyncOutcome, TokenCheck } from './bot-admin.ts';
import { REMOVAL_NOT_RUNNING, type MemberRemovalResult } from './member-removal.ts';
import { JOIN_REQUEST_NOT_RUNNING, type JoinRequestCall, type JoinRequestResult } from './join-request.ts';
import { ACCESS_EVENT_NOT_RUNNING, type AccessEventCall, type AccessEventResult } from './access-event.ts';

/** `unavailable`: the database did not answer, nothing was written (Telegram re-sends after a 503). */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'forbidden' | 'not-running' | 'unavailable';

export type BotRuntime = {
  /** Starts the bot's update processing if it is active and not running yet. */
  start(botId: string): Promise<void>;
  /** Stops it; `forget` also removes the webhook (deactivation, removal) rather than just stopping (shutdown). */
  stop(botId: string, options?: { forget?: boolean }): Promise<void>;
  /** Drops cached channel data after the API changed it (welcome saved, Sincronizar). */
  invalidate(botId: string, chatId?: number): void;
  /**
   * Telegram's POST, on any instance (docs/decisions.md#webhook-queue): the secret checked, the update written to the
   * bot's queue; resolves once committed.
   */
  handleWebhook(botId: string, secret: string | null, update: Update): Promise<WebhookOutcome>;
  isRunning(botId: string): boolean;
  /** An API write changed what bots' flows may do (graph, toggle, bot state): cached graphs are reloaded lazily. */
  flowsChanged(): void;
  /** Writes what the runtime keeps in memory (contacts, messages, flow history) before an API read. */
  flush(): Promise<void>;
  /**
   * POST /flows/{id}/test: a dry run, or the flow run for one contact through its bot (the running bot's Api, or a
   * standalone one when the bot runs in another instance, docs/decisions.md#scale-out).
   */
  testFlow(userId: string, flowId: string, input: FlowTestInput): Promise<TestFlowResult | undefined>;
  /**
   * A contact entered through a funnel's link (an attributed join): the bot's trigger_contact_from_funnel nodes of
   * that funnel start, in the chat where the contact entered. Called by the funnels module. Runs in the bot's owner:
   * forwarded as a bot-scoped job when the bot runs in another instance (docs/decisions.md#scale-out).
   */
  contactEnteredFunnel(entry: FunnelEntry): Promise<void>;
  /**
   * An inbox reply through the bot's token (the running bot's, or a standalone Api when it runs in another instance):
   * plain text, 429 retried, never recorded by the journal. A bot switched off answers NOT_RUNNING.
   */
  sendDirect(botId: string, chatId: number, text: string): Promise<DirectSendResult>;
  /**
   * One broadcast message through the running bot (docs/decisions.md#broadcast-delivery): never retried here, the
   * outcome classified for the delivery engine. A 401 also switches the bot off, as for every other call.
   */
  sendBroadcast(botId: string, message: BroadcastOutgoing): Promise<BroadcastSendResult>;
  /**
   * The console edited a contact (PUT /contacts/{id}): the bot's trigger_contact_updated nodes watching one of the
   * changed fields start, in the contact's private chat (docs/decisions.md#p-flows). Called by the contacts module.
   * Runs in the bot's owner: forwarded as a bot-scoped job when the bot runs in another instance.
   */
  contactEdited(edit: ContactEdit): Promise<void>;
  /**
   * Creates, edits or revokes an invite link through the bot's token, on any instance (funnels: the funnel's link
   * and per-visit links, docs/decisions.md#d-funnels-pixel). Telegram's refusal is answered, not thrown; a bot
   * switched off answers INVITE_NOT_RUNNING (errorCode 0).
   */
  inviteLink(botId: string, call: InviteLinkCall): Promise<InviteLinkResult>;
  /** Telegram Stars calls of paid access (a channel's subscription link, a refund), on any instance, like inviteLink. */
  stars(botId: string, call: StarsCall): Promise<StarsCallResult>;
  /**
   * POST /bots (docs/decisions.md#d-bots-channels): getMe through the configured API root; the token never appears in
   * what this answers.
   */
  checkToken(token: string): Promise<TokenCheck>;
  /** Sincronizar: every known chat of the bot refreshed from Telegram, on any instance (channel-sync.ts). */
  syncChannels(input: ChannelSyncInput): Promise<SyncOutcome>;
  /**
   * Paid access (docs/decisions.md#paid-access): the person out of the chat (ban, then unban so they may return),
   * never an administrator or the creator, through the bot running in this process only, paced under Telegram's
   * per-bot limit. Idempotent: a repeated call after a crash finds the person out and does nothing more.
   */
  removeChatMember(botId: string, chatId: number, telegramUserId: number): Promise<MemberRemovalResult>;
  /** The join gate's human check: a join request approved or declined through the bot's token, on any instance. */
  answerJoinRequest(botId: string, call: JoinRequestCall): Promise<JoinRequestResult>;
  /** The bot's "Acesso pago" triggers of this event start in the buyer's private chat, in this process only. */
  accessEvent(call: AccessEventCall): Promise<AccessEventResult>;
};

export type ContactEdit = {
  botId: string;
  contact: { telegramId: number; firstName: string; lastName: string | null; username: string | null; phoneNumber: string | null };
  changedFields: WatchField[];
};

export type FunnelEntry = {
  botId: string;
  funnelId: string;
  contact: { telegramId: number; firstName: string; lastName: string | null; username: string | null };
  chat: { id: number; type: 'group' | 'supergroup' | 'channel'; title?: string | undefined };
};

export type FlowTestInput = {
  contactId?: string | undefined;
  telegramId?: string | number | undefined;
  dryRun: boolean;
  text?: string | undefined;
  buttonData?: string | undefined;
};

export const idleRuntime: BotRuntime = {
  start: async () => {},
  stop: async () => {},
  invalidate: () => {},
  handleWebhook: async () => 'not-running',
  isRunning: () => false,
  flush: async () => {},
  flowsChanged: () => {},
  contactEnteredFunnel: async () => {},
  sendDirect: async () => NOT_RUNNING,
  sendBroadcast: async () => BROADCAST_NOT_RUNNING,
  contactEdited: async () => {},
  inviteLink: async () => INVITE_NOT_RUNNING,
  stars: async () => STARS_NOT_RUNNING,
  testFlow: async () => {
    throw new AppError('BOT_NOT_RUNNING', 409);
  },
  // No Telegram behind this runtime: nothing is reachable.
  checkToken: async () => ({ status: 'unreachable' }),
  syncChannels: async () => ({ status: 'unreachable' }),
  removeChatMember: async () => REMOVAL_NOT_RUNNING,
  answerJoinRequest: async () => JOIN_REQUEST_NOT_RUNNING,
  accessEvent: async () => ACCESS_EVENT_NOT_RUNNING,
};
