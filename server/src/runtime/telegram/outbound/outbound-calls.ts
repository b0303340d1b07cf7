/**
 * Calls the API modules make through a bot's token (docs/decisions.md#scale-out): through the running bot when it runs
 * here, else through a standalone Api of its token (an inbox reply, an invite link); a broadcast message only through
 * the running bot, which the delivery engine claims where the bot runs. A bot switched off answers "not running".
 */
import type { BotEntry } from '../bots/bot-entry.ts';
import type { StandaloneBots } from '../bots/standalone-bots.ts';
import type { BotRuntime } from '../../../ports/bot-runtime.ts';
import { BROADCAST_NOT_RUNNING } from '../../../ports/broadcast-send.ts';
import { NOT_RUNNING } from '../../../ports/direct-send.ts';
import { INVITE_NOT_RUNNING } from '../../../ports/invite-link.ts';
import { STARS_NOT_RUNNING } from '../../../ports/stars-calls.ts';
import { REMOVAL_NOT_RUNNING } from '../../../ports/member-removal.ts';
import { JOIN_REQUEST_NOT_RUNNING } from '../../../ports/join-request.ts';
import { callInviteLink } from './invite-links.ts';
import { callJoinRequest } from './join-requests.ts';
import { callStars } from './stars-calls.ts';

export function createOutboundCalls(deps: { entry(botId: string): BotEntry | undefined; standalone: StandaloneBots }): Pick<BotRuntime, 'sendDirect' | 'sendBroadcast' | 'inviteLink' | 'stars' | 'removeChatMember' | 'answerJoinRequest'> {
  const { standalone } = deps;
  return {
    async sendDirect(botId, chatId, text) {
      const entry = deps.entry(botId);
      if (entry) return entry.send(chatId, text);
      const bot = await standalone.get(botId);
      return bot ? bot.send(chatId, text) : NOT_RUNNING;
    },
    sendBroadcast: (botId, message) => {
      const entry = deps.entry(botId);
      return entry && !entry.state.revoked ? entry.broadcast(message) : Promise.resolve(BROADCAST_NOT_RUNNING);
    },
    async inviteLink(botId, call) {
      const entry = deps.entry(botId);
      if (entry) return entry.state.revoked ? INVITE_NOT_RUNNING : callInviteLink(entry.bot.api, call);
      // The bot runs in another instance (or is starting): any process may call these methods with its token.
      const bot = await standalone.get(botId);
      return bot && !bot.state.revoked ? callInviteLink(bot.api, call) : INVITE_NOT_RUNNING;
    },
    async stars(botId, call) {
      const entry = deps.entry(botId);
      if (entry) return entry.state.revoked ? STARS_NOT_RUNNING : callStars(entry.bot.api, call);
      const bot = await standalone.get(botId);
      return bot && !bot.state.revoked ? callStars(bot.api, call) : STARS_NOT_RUNNING;
    },
    async answerJoinRequest(botId, call) {
      const entry = deps.entry(botId);
      if (entry) return entry.state.revoked ? JOIN_REQUEST_NOT_RUNNING : callJoinRequest(entry.bot.api, call);
      const bot = await standalone.get(botId);
      return bot && !bot.state.revoked ? callJoinRequest(bot.api, call) : JOIN_REQUEST_NOT_RUNNING;
    },
    // Only where the bot runs: its removals are bot-scoped jobs, and its pacer lives with it.
    removeChatMember: (botId, chatId, telegramUserId) => {
      const entry = deps.entry(botId);
      return entry && !entry.state.revoked ? entry.remove(chatId, telegramUserId) : Promise.resolve(REMOVAL_NOT_RUNNING);
    },
  };
}
