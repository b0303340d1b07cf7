/**
 * Builds one product bot: a grammY Bot pointed at the configured API root, with the stored getMe answer as
 * botInfo (no getMe at start), the fault-handling and recording API transformers, per-chat ordering, and one
 * Composer per feature behind an error boundary, so a failing handler costs one update, never the bot or others.
 */
import { sequentialize } from '@grammyjs/runner';
import { Bot, type Api, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { resilienceTransformer, type ResilienceOptions } from '../outbound/api-resilience.ts';
import type { BotDeps } from './bot-deps.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import { starsFeature } from '../features/access-stars.ts';
import { callbacksFeature } from '../features/callbacks.ts';
import { channelsFeature } from '../features/channels.ts';
import { contactsFeature } from '../features/contacts.ts';
import { flowsFeature } from '../features/flows.ts';
import { membershipFeature } from '../features/membership-counts.ts';
import { accessFeature } from '../features/access.ts';
import { joinGateFeature } from '../features/access-join-gate.ts';
import { accessEmailLinkFeature } from '../features/access-email-link.ts';
import { funnelsFeature } from '../features/funnels.ts';
import { welcomeFeature } from '../features/welcome.ts';
import { externalTimer } from '../../flow-engine/external-clock.ts';
import { outboundRecorder } from '../outbound/outbound-recorder.ts';
import { reportHandlerFailure } from '../updates/handle-update.ts';

export type CreateBotOptions = {
  token: string;
  apiRoot: string;
  botInfo: UserFromGetMe | undefined;
  deps: BotDeps;
  resilience: ResilienceOptions;
};

export const ALLOWED_UPDATES = [
  'message',
  'edited_message',
  'callback_query',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  // Flows may run in channels (executionContexts 'channel'): their posts are channel_post updates.
  'channel_post',
  // Telegram Stars invoices (features/access-stars.ts): the bot must accept each payment before it goes through.
  'pre_checkout_query',
] as const;

/**
 * What every product call to the Bot API goes through, whether the bot runs here or elsewhere (standalone-bots.ts):
 * 429 and network handling, the outbound recorder, the flow clock.
 */
export function useProductTransformers(api: Api, botId: string, journal: ContactJournal, resilience: ResilienceOptions): void {
  api.config.use(resilienceTransformer(resilience));
  api.config.use(outboundRecorder(botId, journal));
  api.config.use(externalTimer);
}

export function createProductBot(options: CreateBotOptions): Bot<Context> {
  const { deps } = options;
  const bot = new Bot<Context>(options.token, {
    client: { apiRoot: options.apiRoot },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  useProductTransformers(bot.api, deps.botId, deps.journal, options.resilience);

  // Updates of one chat run in order (a join before the welcome's button press); different chats concurrently.
  bot.use(sequentialize(orderKey));
  bot.errorBoundary(
    reportHandlerFailure(deps.logger),
    contactsFeature(deps),
    channelsFeature(deps),
    membershipFeature(deps),
    // Stars subscriptions and payments; membership updates pass on to attribution and the welcome.
    starsFeature(deps),
    // Before the welcome, which ends chat_member handling; attribution always passes the update on.
    funnelsFeature(deps),
    // Claims, leaked links and the join gate of paid access: before the welcome (which ends chat_member handling and
    // would auto-approve requests) and the flows (which would answer /start).
    accessFeature(deps),
    // Join requests and the human check's buttons: before the welcome (auto-approval) and the flows (buttons).
    joinGateFeature(deps),
    // /vincular and its short exchange; everything else passes on to the welcome and the flows.
    accessEmailLinkFeature(deps),
    welcomeFeature(deps),
    flowsFeature(deps),
    callbacksFeature(),
  );
  bot.catch((error) => deps.logger.error('falha no bot', { error: error.error }));
  deps.flows.attach(deps.botId, { api: bot.api, userId: deps.userId, username: () => (bot.isInited() ? bot.botInfo.username : undefined) });
  return bot;
}

function orderKey(ctx: Context): string | undefined {
  const chatId = ctx.chat?.id ?? ctx.callbackQuery?.message?.chat.id ?? ctx.from?.id;
  return chatId === undefined ? undefined : String(chatId);
}
