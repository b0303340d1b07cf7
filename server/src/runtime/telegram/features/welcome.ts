/**
 * Welcome messages (docs/decisions.md#d-welcome) for the two triggers of docs/product.md#entity-welcome:
 * - ON_MEMBER_JOINED: any join seen in chat_member (including approved requests: they are joins too);
 * - ON_JOIN_REQUEST_APPROVED: with autoApprove the bot approves the chat_join_request and welcomes at once (the
 *   chat_member update its own approval causes is then ignored); without autoApprove the welcome waits for an
 *   administrator's approval: the chat_member join with via_join_request (or through a creates_join_request link).
 *   In a chat with a join gate the gate answers the request instead (access-join-gate.ts), and a request it approves
 *   is welcomed the same way (welcomeBotApproval), since its chat_member update is ignored too.
 */
import { Composer, type Api, type Context } from 'grammy';
import type { User } from 'grammy/types';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import type { ChannelConfig } from '../bots/runtime-repository.ts';
import { sendWelcome } from '../outbound/welcome-sender.ts';
import { isJoin } from './membership.ts';

export function welcomeFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.on('chat_join_request', async (ctx) => {
    const request = ctx.chatJoinRequest;
    const channel = await deps.channels.get(request.chat.id);
    const welcome = autoApproving(channel);
    if (!channel || !welcome) return;
    await ctx.api.approveChatJoinRequest(request.chat.id, request.from.id);
    await welcomeApproved(ctx.api, deps, channel, welcome, { chatId: request.chat.id, chatTitle: request.chat.title, user: request.from, privateChatId: request.user_chat_id });
  });

  composer.on('chat_member', async (ctx) => {
    const update = ctx.chatMember;
    const user = update.new_chat_member.user;
    if (!isJoin(update) || user.is_bot || update.chat.type === 'private') return;
    const channel = await deps.channels.get(update.chat.id);
    const welcome = channel?.welcome;
    if (!channel || !welcome?.enabled) return;
    if (welcome.triggerOn === 'ON_JOIN_REQUEST_APPROVED') {
      const approved = update.via_join_request === true || update.invite_link?.creates_join_request === true;
      if (!approved) return;
      if (welcome.autoApprove && update.from.id === ctx.me.id) return;
    }
    await sendWelcome(ctx.api, deps, channel, welcome, {
      chatId: update.chat.id,
      chatTitle: update.chat.title,
      chatType: update.chat.type,
      user,
      privateChatId: user.id,
    });
  });

  return composer;
}

type ApprovedRequest = { chatId: number; chatTitle?: string | undefined; user: User; privateChatId: number };

/** The chat's welcome when it waits for approval and approves by itself. */
const autoApproving = (channel: ChannelConfig | undefined) => {
  const welcome = channel?.welcome;
  return welcome?.enabled && welcome.triggerOn === 'ON_JOIN_REQUEST_APPROVED' && welcome.autoApprove ? welcome : undefined;
};

/**
 * A join request the bot itself approved (the auto-approval above, or the join gate's): welcomed now when the
 * chat's welcome auto-approves, because the chat_member update that approval causes is then ignored.
 */
export async function welcomeBotApproval(api: Api, deps: BotDeps, request: ApprovedRequest) {
  const channel = await deps.channels.get(request.chatId);
  const welcome = autoApproving(channel);
  if (channel && welcome) await welcomeApproved(api, deps, channel, welcome, request);
}

async function welcomeApproved(api: Api, deps: BotDeps, channel: ChannelConfig, welcome: WelcomeMessage, request: ApprovedRequest) {
  await sendWelcome(api, deps, channel, welcome, {
    chatId: request.chatId,
    chatTitle: request.chatTitle ?? channel.title,
    chatType: channel.type,
    user: request.user,
    privateChatId: request.privateChatId,
  });
}
