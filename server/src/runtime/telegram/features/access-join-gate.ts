/**
 * The join gate in the bot (docs/product.md#acessos); the access module decides (the AccessGate port), this feature
 * talks to Telegram:
 * - a join request: approved, declined, passed on (left to the administrators: the welcome's auto-approval may
 *   still run), left alone (a plan's chat left to its administrators: never auto-approved), or a human check: a
 *   button puzzle sent to the requester's private chat (user_chat_id, open to the bot for 5 minutes);
 * - a press on a puzzle button: the first press settles it; the request is approved or declined, the puzzle replaced
 *   by the outcome. Any other press passes on to the flows.
 * Runs after funnel attribution (which records the request) and before the welcome and the flows.
 */
import { Composer, InlineKeyboard, type Api, type Context } from 'grammy';
import type { ChatJoinRequest } from 'grammy/types';
import { CHALLENGE_PREFIX, CHALLENGE_TEXTS, challengeText } from '@shared/access/challenge-texts.ts';
import type { JoinChallenge } from '../../../ports/access-gate.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { welcomeBotApproval } from './welcome.ts';

const ROW = 3;

export function joinGateFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.on('chat_join_request', async (ctx, next) => {
    const request = ctx.chatJoinRequest;
    const verdict = await deps.access.joinRequest({ botId: deps.botId, chatId: request.chat.id, telegramId: request.from.id });
    if (verdict === 'not-gated') return next();
    if (verdict === 'leave') return;
    if (verdict === 'approve') await approveAndWelcome(ctx.api, deps, { chatId: request.chat.id, chatTitle: request.chat.title, user: request.from, privateChatId: request.user_chat_id });
    else if (verdict === 'decline') await ctx.api.declineChatJoinRequest(request.chat.id, request.from.id);
    else await sendChallenge(ctx, deps, request, verdict.challenge);
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const data = ctx.callbackQuery.data;
    if (!data.startsWith(CHALLENGE_PREFIX)) return next();
    const answer = await deps.access.challengeAnswer({ botId: deps.botId, telegramId: ctx.from.id, data });
    if (answer.status === 'stale') {
      await ctx.answerCallbackQuery({ text: CHALLENGE_TEXTS.stale });
      return;
    }
    if (answer.approve) await approveAndWelcome(ctx.api, deps, { chatId: answer.chatId, chatTitle: answer.chatTitle || undefined, user: ctx.from, privateChatId: ctx.from.id });
    else await ctx.api.declineChatJoinRequest(answer.chatId, ctx.from.id);
    await deps.access.challengeSettled({ challengeId: answer.challengeId });
    const text = answer.approve ? CHALLENGE_TEXTS.passed(answer.chatTitle) : CHALLENGE_TEXTS.failed(answer.chatTitle);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(text).catch((error: unknown) => deps.logger.warn('falha ao trocar o desafio pelo resultado', { error }));
  });

  return composer;
}

/** The gate's approval, and the welcome an auto-approving chat gives it (features/welcome.ts). */
async function approveAndWelcome(api: Api, deps: BotDeps, request: Parameters<typeof welcomeBotApproval>[2]) {
  await api.approveChatJoinRequest(request.chatId, request.user.id);
  await welcomeBotApproval(api, deps, request);
}

async function sendChallenge(ctx: Context, deps: BotDeps, request: ChatJoinRequest, challenge: JoinChallenge) {
  const keyboard = new InlineKeyboard();
  challenge.options.forEach((emoji, index) => {
    keyboard.text(emoji, `${CHALLENGE_PREFIX}${challenge.nonce}:${index}`);
    if (index % ROW === ROW - 1 && index < challenge.options.length - 1) keyboard.row();
  });
  const chatTitle = challenge.chatTitle || request.chat.title || '';
  try {
    const sent = await ctx.api.sendMessage(request.user_chat_id, challengeText(chatTitle, challenge.target), { reply_markup: keyboard });
    await deps.access.challengeSent({ challengeId: challenge.id, messageId: sent.message_id });
  } catch (error) {
    // Without the puzzle the person cannot answer: declined now rather than left waiting for the deadline.
    deps.logger.warn('falha ao enviar o desafio anti-robô', { chatId: request.chat.id, error });
    await deps.access.challengeSent({ challengeId: challenge.id, messageId: null });
    await ctx.api.declineChatJoinRequest(request.chat.id, request.from.id);
  }
}
