/**
 * Paid access removals through a bot (docs/decisions.md#paid-access): getChatMember first (an administrator or the
 * creator is never touched; someone already out costs nothing), then banChatMember and unbanChatMember with
 * only_if_banned, so the person is out but may rejoin after paying. A plain Api, without the runtime's retrying
 * transformer: a 429 comes back to the durable job, which retries after retry_after, and pauses this bot's pacer
 * so its other removals wait too. Bans and unbans share the bot's flood budget with its messages, so removals take
 * a fixed share of it.
 * Repeating a removal after a crash is harmless: a person left banned by the interrupted attempt is only unbanned.
 */
import { Api, GrammyError, HttpError } from 'grammy';
import type { MemberRemovalResult } from '../../../ports/member-removal.ts';

/** Ban and unban calls per second per bot: under Telegram's ~30, leaving room for the bot's messages. */
export type RemovalPace = { perSecond: number };
export const DEFAULT_REMOVAL_PACE: RemovalPace = { perSecond: 20 };

export type MemberRemover = (chatId: number, userId: number) => Promise<MemberRemovalResult>;

/** One bot's pace: each call takes the next free slot; a 429 moves every slot past retry_after. */
function createPacer(pace: RemovalPace) {
  const gapMs = 1000 / pace.perSecond;
  let nextAt = 0;
  return {
    async take() {
      const now = Date.now();
      const at = Math.max(now, nextAt);
      nextAt = at + gapMs;
      if (at > now) await Bun.sleep(at - now);
    },
    pause(seconds: number) {
      nextAt = Math.max(nextAt, Date.now() + seconds * 1000);
    },
  };
}

const BASIC_GROUP = 'method is available for supergroup and channel chats only';
const ABSENT = ['user not found', 'participant_id_invalid', 'member not found'];

export function createMemberRemover(token: string, apiRoot: string, onUnauthorized: () => void, pace: RemovalPace = DEFAULT_REMOVAL_PACE): MemberRemover {
  const api = new Api(token, { apiRoot });
  const pacer = createPacer(pace);
  return async (chatId, userId) => {
    try {
      const member = await api.getChatMember(chatId, userId);
      if (member.status === 'creator' || member.status === 'administrator') return { ok: true, outcome: 'protected' };
      const inChat = member.status === 'member' || (member.status === 'restricted' && member.is_member);
      if (!inChat && member.status !== 'kicked') return { ok: true, outcome: 'absent' };
      if (inChat) {
        await pacer.take();
        await api.banChatMember(chatId, userId);
      }
      await pacer.take();
      try {
        await api.unbanChatMember(chatId, userId, { only_if_banned: true });
      } catch (error) {
        // A basic group has no bans: the ban above already removed the person.
        if (!(error instanceof GrammyError && error.description.includes(BASIC_GROUP))) throw error;
      }
      return { ok: true, outcome: inChat ? 'removed' : 'unbanned' };
    } catch (error) {
      return classify(error, pacer, onUnauthorized);
    }
  };
}

function classify(error: unknown, pacer: ReturnType<typeof createPacer>, onUnauthorized: () => void): MemberRemovalResult {
  if (error instanceof GrammyError) {
    const description = error.description;
    const lower = description.toLowerCase();
    if (error.error_code === 429) {
      const retryAfter = error.parameters.retry_after ?? 1;
      pacer.pause(retryAfter);
      return { ok: false, errorCode: 429, description, retryAfter };
    }
    if (error.error_code === 401) onUnauthorized();
    if (lower.includes('administrator') || lower.includes('chat owner')) return { ok: true, outcome: 'protected' };
    if (ABSENT.some((text) => lower.includes(text))) return { ok: true, outcome: 'absent' };
    return { ok: false, errorCode: error.error_code, description };
  }
  if (error instanceof HttpError) return { ok: false, errorCode: 0, description: error.message };
  return { ok: false, errorCode: 0, description: error instanceof Error ? error.message : String(error) };
}
