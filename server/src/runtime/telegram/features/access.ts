/**
 * Paid access in the bot (docs/decisions.md#paid-access); the access module decides (the AccessGate port), this
 * feature talks to Telegram:
 * - `/start a_<code>` in private: the claim; the buyer gets one personal invite link per chat of the plan
 *   (member_limit 1, expiring in INVITE_LINK_HOURS), or a pt-BR refusal. Other /start payloads go on to the flows.
 * - a join through an issued link by someone else: removed at once (ban, unban), the link revoked, the buyer sent a
 *   fresh one; the welcome and flows never see that join.
 * Join requests and their human check are access-join-gate.ts's.
 * Runs after funnel attribution and before the welcome.
 */
import { Composer, type Api, type Context } from 'grammy';
import { CLAIM_TEXTS, claimedText, freshLinkText } from '@shared/access/telegram-texts.ts';
import type { JoinVerdict } from '../../../ports/access-gate.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { issueLinks } from './access-invite-links.ts';
import { isJoin } from './membership.ts';

const CLAIM = /^\/start(?:@\S+)?\s+(a_[A-Za-z0-9_-]{1,62})\s*$/;

export function accessFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.on('message:text', async (ctx, next) => {
    const code = ctx.chat.type === 'private' ? CLAIM.exec(ctx.message.text)?.[1] : undefined;
    if (!code) return next();
    // The contact the journal keeps for this user is written first: the access points at it.
    await deps.journal.flush();
    const outcome = await deps.access.claim({ botId: deps.botId, telegramId: ctx.from.id, code });
    if (outcome.status !== 'linked') {
      await ctx.reply(CLAIM_TEXTS[outcome.status]);
      return;
    }
    const links = await issueLinks(ctx.api, deps, outcome.memberId, outcome.chats);
    await ctx.reply(links.length === 0 ? CLAIM_TEXTS.noLinks : claimedText(outcome.planName, outcome.accessUntil, links));
  });

  composer.on('chat_member', async (ctx, next) => {
    const update = ctx.chatMember;
    const user = update.new_chat_member.user;
    const link = update.invite_link?.invite_link;
    if (!link || user.is_bot || !isJoin(update)) return next();
    const verdict = await deps.access.joinedThroughLink({ botId: deps.botId, chatId: update.chat.id, telegramId: user.id, inviteLink: link });
    if (verdict.status === 'fine') return next();
    await leaked(ctx.api, deps, verdict, user.id, link);
    if (!verdict.remove) await next();
  });

  return composer;
}

async function leaked(api: Api, deps: BotDeps, verdict: Extract<JoinVerdict, { status: 'leaked' }>, userId: number, link: string) {
  const chatId = verdict.chat.chatId;
  if (verdict.remove) {
    const removed = await deps.removeMember(chatId, userId);
    if (!removed.ok) deps.logger.warn('falha ao remover quem entrou por link de acesso alheio', { chatId, description: removed.description });
  }
  await api.revokeChatInviteLink(chatId, link).catch((error: unknown) => deps.logger.warn('falha ao revogar link de acesso', { chatId, error }));
  if (verdict.buyerTelegramId === null) return;
  const [fresh] = await issueLinks(api, deps, verdict.memberId, [verdict.chat]);
  if (fresh) await api.sendMessage(verdict.buyerTelegramId, freshLinkText(fresh.title, fresh.inviteLink));
}
