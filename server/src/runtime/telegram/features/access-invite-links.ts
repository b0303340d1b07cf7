/** The personal invite links of an access (a claim, an e-mail link, a leaked link's replacement). */
import type { Api } from 'grammy';
import { INVITE_LINK_HOURS, type ClaimedChatLink } from '@shared/access/telegram-texts.ts';
import type { AccessChat, IssuedLink } from '../../../ports/access-gate.ts';
import type { BotDeps } from '../bots/bot-deps.ts';

/** One personal link per chat; a chat Telegram refuses is left out (logged), the others still go. */
export async function issueLinks(api: Api, deps: BotDeps, memberId: string, chats: AccessChat[]): Promise<ClaimedChatLink[]> {
  const expiresAt = new Date(Date.now() + INVITE_LINK_HOURS * 3_600_000);
  const issued: IssuedLink[] = [];
  const links: ClaimedChatLink[] = [];
  for (const chat of chats) {
    try {
      const created = await api.createChatInviteLink(chat.chatId, {
        name: `Acesso ${memberId.slice(0, 8)}`, member_limit: 1, expire_date: Math.floor(expiresAt.getTime() / 1000),
      });
      issued.push({ chatId: chat.chatId, inviteLink: created.invite_link, expiresAt });
      links.push({ title: chat.title, inviteLink: created.invite_link });
    } catch (error) {
      deps.logger.warn('falha ao criar link de acesso', { chatId: chat.chatId, error });
    }
  }
  await deps.access.linksIssued({ botId: deps.botId, memberId, links: issued });
  return links;
}
