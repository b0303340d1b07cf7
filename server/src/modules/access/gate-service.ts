/**
 * Paid access as the bot meets it (docs/decisions.md#paid-access), behind the AccessGate port the runtime calls:
 * - a claim (`/start a_<code>` in the bot's private chat) links the access to that Telegram account, once: a spent
 *   code answers fresh links to the same account and "not valid" to any other, never saying whose it was;
 * - a join through an invite link issued for an access by someone else is a leaked link: removed (unless that
 *   person holds access to the chat too) and the buyer gets a fresh link; a join through the access's own link
 *   after the access ended is removed too;
 * - a join request is approved for a holder of access (in a chat of an active plan); the others meet the chat's
 *   rule: left to the administrators, declined, or a human check in private (join-challenge.ts).
 * The gate's decisions are recorded per chat (access_gate_decisions).
 */
import { holdsAccess } from '@shared/access/texts.ts';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { effectiveJoinRule } from '@shared/access/join-gate.ts';
import type { AccessGate, ClaimOutcome, JoinRequestVerdict, JoinVerdict } from '../../ports/access-gate.ts';
import * as gate from './gate-repository.ts';
import * as joinGate from './join-gate-repository.ts';
import { answerChallenge, challengeSent, createChallenge } from './join-challenge.ts';
import { markSettled } from './challenge-repository.ts';
import * as repo from './member-repository.ts';
import { linkTelegram } from './member-service.ts';
import { createEmailLink, type EmailLinkOptions } from './email-link-service.ts';

const toChats = (rows: gate.ChatRow[]) => rows.map((row) => ({ chatId: Number(row.chatId), title: row.title }));

async function claim(sql: Sql, input: { botId: string; telegramId: number; code: string }): Promise<ClaimOutcome> {
  return inTransaction(sql, async (tx) => {
    const member = await repo.lockByClaimCode(tx, input.botId, input.code);
    if (!member) return { status: 'invalid' };
    const now = new Date();
    const spent = member.usedClaimCode === input.code;
    if (spent && member.telegramId !== BigInt(input.telegramId)) return { status: 'invalid' };
    if (!spent && (member.claimExpiresAt === null || member.claimExpiresAt <= now)) return { status: 'expired' };
    if (!holdsAccess(member.status, member.accessUntil, now) || !member.planActive || member.planArchived) return { status: 'ended' };
    if (!spent) {
      const contactId = await gate.contactIdOf(tx, input.botId, input.telegramId);
      await linkTelegram(tx, member, { telegramId: input.telegramId, contactId, code: input.code });
    }
    return { status: 'linked', memberId: member.id, planName: member.planName, accessUntil: member.accessUntil, chats: toChats(await gate.planChats(tx, member.id)) };
  });
}

async function joinedThroughLink(sql: Sql, input: { botId: string; chatId: number; telegramId: number; inviteLink: string }): Promise<JoinVerdict> {
  return inTransaction(sql, async (tx) => {
    const link = await gate.useIssuedLink(tx, input.botId, input.chatId, input.inviteLink, input.telegramId);
    if (!link) return { status: 'fine' };
    const chat = { chatId: input.chatId, title: link.chatTitle };
    const decide = (decision: gate.Decision['decision'], reason: string) =>
      gate.recordDecision(tx, { userId: link.userId, botId: input.botId, chatId: input.chatId, telegramId: input.telegramId, memberId: link.memberId, decision, reason });
    const now = new Date();
    if (link.ownerTelegramId === BigInt(input.telegramId)) {
      if (holdsAccess(link.status, link.accessUntil, now)) return { status: 'fine' };
      await decide('removed', 'Entrou pelo próprio link depois que o acesso terminou');
      return { status: 'leaked', remove: true, memberId: link.memberId, buyerTelegramId: null, planName: link.planName, chat };
    }
    await gate.markRevoked(tx, link.linkId);
    const own = await gate.gateOf(tx, input.botId, input.chatId, input.telegramId);
    const holds = own?.holders.some((holder) => holdsAccess(holder.status, holder.accessUntil, now)) ?? false;
    await decide(holds ? 'kept' : 'removed', holds ? 'Entrou pelo link de outra pessoa, mas tem acesso próprio' : 'Entrou pelo link de acesso de outra pessoa');
    const buyer = holdsAccess(link.status, link.accessUntil, now) && link.ownerTelegramId !== null ? Number(link.ownerTelegramId) : null;
    return { status: 'leaked', remove: !holds, memberId: link.memberId, buyerTelegramId: buyer, planName: link.planName, chat };
  });
}

/**
 * A join request: in a chat of an active plan a holder is approved and the others meet the chat's rule (a human
 * check never opens a paid chat: there it declines); elsewhere the rule alone decides (join-gate.ts).
 */
async function joinRequest(sql: Sql, input: { botId: string; chatId: number; telegramId: number }): Promise<JoinRequestVerdict> {
  const found = await gate.gateOf(sql, input.botId, input.chatId, input.telegramId);
  const now = new Date();
  const holder = found?.holders.find((row) => holdsAccess(row.status, row.accessUntil, now));
  const chat = await joinGate.chatOfBot(sql, input.botId, input.chatId);
  const userId = found?.userId ?? chat?.userId;
  if (!userId) return 'not-gated';
  const decide = async (decision: 'approved' | 'declined', reason: string) => {
    await gate.recordDecision(sql, { userId, botId: input.botId, chatId: input.chatId, telegramId: input.telegramId, memberId: holder?.memberId ?? null, decision, reason });
    return decision === 'approved' ? ('approve' as const) : ('decline' as const);
  };
  if (holder) return decide('approved', 'Pedido de quem tem acesso');
  const rule = effectiveJoinRule(chat?.rule ?? null, found !== undefined);
  if (rule === 'admins') return found ? 'leave' : 'not-gated';
  if (rule === 'decline') return decide('declined', found ? 'Pedido de quem não tem acesso' : 'Regra do chat: recusar pedidos');
  const challenge = await createChallenge(sql, { userId, botId: input.botId, chatId: input.chatId, telegramId: input.telegramId, chatTitle: chat?.title ?? '' });
  return challenge ? { challenge } : 'leave';
}

export function createAccessGate(sql: Sql, options: EmailLinkOptions): AccessGate {
  return {
    claim: (input) => claim(sql, input),
    linksIssued: async ({ botId, memberId, links }) => {
      const [member] = await gate.memberOwner(sql, memberId);
      if (!member) return;
      await gate.insertLinks(sql, links.map((link) => ({ ...link, botId, memberId, userId: member.userId })));
    },
    joinedThroughLink: (input) => joinedThroughLink(sql, input),
    joinRequest: (input) => joinRequest(sql, input),
    challengeSent: (input) => challengeSent(sql, input),
    challengeAnswer: (input) => answerChallenge(sql, input),
    challengeSettled: ({ challengeId }) => markSettled(sql, challengeId),
    emailLink: createEmailLink(sql, options),
  };
}
