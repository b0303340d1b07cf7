/**
 * Linking a purchase by its e-mail in the bot's private chat (docs/decisions.md#paid-access); the access module
 * keeps the exchange and decides, this feature talks:
 * - `/vincular` or `/acesso` asks for the purchase e-mail (in a bot that sells no access it goes on to the flows); a text shaped like an e-mail, then like a 6-digit code,
 *   continues the exchange; a link sends one personal invite link per chat, as a claim does.
 * - Every other text, and any text when no exchange waits for it, goes on to the welcome and the flows; the contact
 *   journal has recorded it for the inbox before this runs either way.
 * - A bare /start, once the flows answered it, mentions /vincular when the bot sells access.
 */
import { Composer, type Context } from 'grammy';
import { EMAIL_LINK_COMMANDS, EMAIL_LINK_TEXTS } from '@shared/access/email-link-texts.ts';
import { CLAIM_TEXTS, claimedText } from '@shared/access/telegram-texts.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { issueLinks } from './access-invite-links.ts';

const COMMAND = new RegExp(`^/(?:${EMAIL_LINK_COMMANDS.join('|')})(?:@\\S+)?\\s*$`, 'i');
const BARE_START = /^\/start(?:@\S+)?\s*$/;
/** Cheap shapes first: only these may belong to an exchange, so other texts never cost a query. */
const MAYBE_ANSWER = /^\s*(?:[^\s@]+@[^\s@]+|\d{3}[\s-]?\d{3})\s*$/;

export function accessEmailLinkFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const link = deps.access.emailLink;

  composer.chatType('private').on('message:text', async (ctx, next) => {
    const text = ctx.message.text;
    if (COMMAND.test(text)) {
      const reply = await link.begin({ botId: deps.botId, telegramId: ctx.from.id });
      if (reply === null) return next();
      await ctx.reply(reply);
      return;
    }
    if (BARE_START.test(text)) {
      await next();
      if (await link.offered(deps.botId)) await ctx.reply(EMAIL_LINK_TEXTS.startHint);
      return;
    }
    if (!MAYBE_ANSWER.test(text)) return next();
    // A link points the access at the contact the journal keeps for this user: written first.
    await deps.journal.flush();
    const outcome = await link.answer({ botId: deps.botId, telegramId: ctx.from.id, text });
    if (outcome.status === 'pass') return next();
    if (outcome.status === 'reply') {
      await ctx.reply(outcome.text);
      return;
    }
    for (const access of outcome.accesses) {
      const links = await issueLinks(ctx.api, deps, access.memberId, access.chats);
      await ctx.reply(links.length === 0 ? CLAIM_TEXTS.noLinks : claimedText(access.planName, access.accessUntil, links));
    }
  });

  return composer;
}
