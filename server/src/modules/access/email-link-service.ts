/**
 * Linking a purchase by its e-mail in the bot's chat (docs/decisions.md#paid-access), behind the AccessEmailLink
 * port: `/vincular` asks for the e-mail, a 6-digit code goes to it (email-code-job.ts, only when an access with that
 * e-mail waits for an account on this bot), and the right code links every such access as a claim does.
 * - The answer to an e-mail is the same whether it bought anything or not, and so is the work before it (the
 *   counters count either way; the mail itself is a job).
 * - Codes last EMAIL_LINK_LIMITS.codeMinutes, allow codeAttempts tries and are stored only as an HMAC with the server
 *   key (so are the e-mails the throttle counts); codes asked
 *   for are throttled per Telegram user of the bot and per e-mail.
 * - Only texts that look like an e-mail or a code, sent while an exchange waits for one, are taken: anything else
 *   goes on to the flows and the inbox as before.
 */
import { holdsAccess } from '@shared/access/texts.ts';
import { EMAIL_LINK_LIMITS, EMAIL_LINK_TEXTS } from '@shared/access/email-link-texts.ts';
import type { Queryable, Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deriveSecretHex, secretsEqual } from '../../lib/crypto.ts';
import type { AccessEmailLink, EmailLinkReply, LinkedAccess } from '../../ports/access-email-link.ts';
import { codeHash, emailCodeJob } from './email-code-job.ts';
import * as repo from './email-link-repository.ts';
import * as gate from './gate-repository.ts';
import { linkTelegram, newClaimCode } from './member-service.ts';

export const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,63}$/;
export const CODE_SHAPE = /^\d{3}[\s-]?\d{3}$/;

export const emailHash = (key: Uint8Array, email: string) => deriveSecretHex(key, `access-link-email:${email}`);

/** `hashKey`: the server key, for the codes' and e-mails' hashes. */
export type EmailLinkOptions = { mailConfigured: boolean; hashKey: Uint8Array };

async function begin(sql: Sql, options: EmailLinkOptions, input: { botId: string; telegramId: number }) {
  const bot = await repo.botWithActivePlan(sql, input.botId);
  if (!bot) return null;
  if (!options.mailConfigured) return EMAIL_LINK_TEXTS.noMail;
  await repo.startRequest(sql, { ...input, userId: bot.userId, minutes: EMAIL_LINK_LIMITS.emailMinutes });
  return EMAIL_LINK_TEXTS.askEmail;
}

async function answer(sql: Sql, key: Uint8Array, input: { botId: string; telegramId: number; text: string }): Promise<EmailLinkReply> {
  const text = input.text.trim();
  const isEmail = EMAIL_SHAPE.test(text);
  if (!isEmail && !CODE_SHAPE.test(text)) return { status: 'pass' };
  return inTransaction(sql, async (tx) => {
    const request = await repo.lockRequest(tx, input.botId, input.telegramId);
    if (!request) return { status: 'pass' };
    if (request.expired) {
      await repo.endRequest(tx, input.botId, input.telegramId);
      return { status: 'pass' };
    }
    if (isEmail && request.step === 'email') return emailGiven(tx, key, request, text.toLowerCase());
    if (!isEmail && request.step === 'code') return codeGiven(tx, key, request, text.replace(/\D/g, ''));
    return { status: 'pass' };
  });
}

async function emailGiven(sql: Queryable, key: Uint8Array, request: repo.LinkRequest, email: string): Promise<EmailLinkReply> {
  const telegramId = Number(request.telegramId);
  const hash = emailHash(key, email);
  const recent = await repo.recentSends(sql, request.botId, telegramId, hash);
  if (recent.byUser >= EMAIL_LINK_LIMITS.sendsPerUserHour || recent.byEmail >= EMAIL_LINK_LIMITS.sendsPerEmailHour) {
    await repo.endRequest(sql, request.botId, telegramId);
    return { status: 'reply', text: EMAIL_LINK_TEXTS.throttled };
  }
  await repo.recordSend(sql, { userId: request.userId, botId: request.botId, telegramId, emailHash: hash });
  await repo.awaitCode(sql, request.botId, telegramId, email, EMAIL_LINK_LIMITS.codeMinutes);
  const now = new Date();
  const waiting = (await repo.linkableByEmail(sql, request.botId, email, false)).some((row) => holdsAccess(row.status, row.accessUntil, now));
  if (waiting) {
    await emailCodeJob.enqueue(sql, { botId: request.botId, telegramId: String(telegramId), email }, { tenant: request.userId, maxAttempts: 3 });
  }
  return { status: 'reply', text: EMAIL_LINK_TEXTS.codeSent };
}

async function codeGiven(sql: Queryable, key: Uint8Array, request: repo.LinkRequest, code: string): Promise<EmailLinkReply> {
  const telegramId = Number(request.telegramId);
  if (request.attempts >= EMAIL_LINK_LIMITS.codeAttempts || request.email === null) {
    await repo.endRequest(sql, request.botId, telegramId);
    return { status: 'reply', text: EMAIL_LINK_TEXTS.expired };
  }
  if (request.codeHash === null || !secretsEqual(request.codeHash, codeHash(key, request.botId, telegramId, code))) {
    await repo.countAttempt(sql, request.botId, telegramId);
    const left = EMAIL_LINK_LIMITS.codeAttempts - request.attempts - 1;
    if (left > 0) return { status: 'reply', text: EMAIL_LINK_TEXTS.wrongCode(left) };
    await repo.endRequest(sql, request.botId, telegramId);
    return { status: 'reply', text: EMAIL_LINK_TEXTS.expired };
  }
  await repo.endRequest(sql, request.botId, telegramId);
  const now = new Date();
  const members = (await repo.linkableByEmail(sql, request.botId, request.email, true)).filter((row) => holdsAccess(row.status, row.accessUntil, now));
  if (members.length === 0) return { status: 'reply', text: EMAIL_LINK_TEXTS.nothingToLink };
  const contactId = await gate.contactIdOf(sql, request.botId, telegramId);
  const accesses: LinkedAccess[] = [];
  for (const member of members) {
    // The claim code is spent as a claim would spend it, so opening the claim link later gives this person fresh links.
    await linkTelegram(sql, member, { telegramId, contactId, code: member.claimCode ?? newClaimCode() });
    const chats = (await gate.planChats(sql, member.id)).map((row) => ({ chatId: Number(row.chatId), title: row.title }));
    accesses.push({ memberId: member.id, planName: member.planName, accessUntil: member.accessUntil, chats });
  }
  return { status: 'linked', accesses };
}

export function createEmailLink(sql: Sql, options: EmailLinkOptions): AccessEmailLink {
  return {
    begin: (input) => begin(sql, options, input),
    answer: (input) => answer(sql, options.hashKey, input),
    offered: async (botId) => Boolean(await repo.botWithActivePlan(sql, botId)),
  };
}
