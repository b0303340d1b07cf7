/**
 * Linking a purchase by its e-mail in the bot's chat, through the real server, the Bot API emulator and a local
 * SMTP server (docs/decisions.md#paid-access): /vincular asks for the e-mail, the same answer goes to any e-mail,
 * a code is mailed only for a purchase, the right code links the access and DMs single-use links; wrong codes are
 * limited, codes are stored hashed, requests are throttled, and texts outside the exchange go on to the flows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { EMAIL_LINK_LIMITS, EMAIL_LINK_TEXTS } from '@shared/access/email-link-texts.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { createEmailLink } from './email-link-service.ts';

let bed: TelegramTestbed;
let inbox: SmtpInbox;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let planId: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  bed = await startTelegramTestbed({ rateLimits: false }, { env: { SMTP_URL: inbox.url, MAIL_FROM: 'Canalize <nao-responda@canalize.test>' } });
  owner = await registeredBot(bed);
  const vip = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' });
  const created = await call('POST', '/access/plans', { name: 'VIP Mensal', botId: owner.bot.id, channelIds: [vip.channel.id], durationDays: 30, graceDays: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  planId = planResponseSchema.parse(created.body).data.plan.id;
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await inbox.stop();
});

async function call(method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: owner.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}

const control = () => bed.emulator.control;
const sql = () => bed.server.db.sql;

async function grant(email: string): Promise<AccessMember> {
  const answer = await call('POST', `/access/plans/${planId}/members`, { email, days: 30 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return accessMemberResponseSchema.parse(answer.body).data.member;
}

/** The user writes `text` to the bot and the bot's answer comes back. */
async function say(userId: number, text: string) {
  const mark = control().mark();
  control().sendPrivateMessage({ from: userId, bot: owner.token, text });
  const sent = await control().waitForSentMessage({ token: owner.token, chatId: userId, since: mark, timeoutMs: 8000 });
  return sent.text ?? '';
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const emailJobs = async (email: string) =>
  (await sql()`select 1 from jobs where kind = 'access.email-code' and payload->>'email' = ${email}`).length;

describe('linking by e-mail in the chat', () => {
  test('the mailed code links the purchase and the bot sends the personal links', async () => {
    const access = await grant('bia@example.com');
    const buyer = control().createUser({ first_name: 'Bia' });
    expect(await say(buyer.id, '/vincular')).toBe(EMAIL_LINK_TEXTS.askEmail);
    expect(await say(buyer.id, 'Bia@Example.com')).toBe(EMAIL_LINK_TEXTS.codeSent);
    const mail = await inbox.next('bia@example.com');
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash of the code is kept, keyed with the server key: from the database alone, trying every one of the
    // million codes with the exchange's names finds nothing (an unkeyed SHA-256 would give the code away at once).
    const [stored] = await sql()<{ codeHash: string }[]>`select code_hash as "codeHash" from access_link_requests where telegram_id = ${buyer.id}`;
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const found = Array.from({ length: 1_000_000 }, (_, n) => String(n).padStart(6, '0'))
      .filter((guess) => sha256Hex(`access-link:${owner.bot.id}:${buyer.id}:${guess}`) === stored?.codeHash);
    expect(found).toEqual([]);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await say(buyer.id, wrong)).toBe(EMAIL_LINK_TEXTS.wrongCode(EMAIL_LINK_LIMITS.codeAttempts - 1));
    const reply = await say(buyer.id, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(reply).toContain('Pronto! Seu acesso ao plano "VIP Mensal" está liberado');
    expect([...reply.matchAll(/https:\/\/t\.me\/\+\S+/g)]).toHaveLength(1);
    const linked = accessMemberResponseSchema.parse((await call('GET', `/access/members/${access.id}`)).body).data.member;
    expect({ status: linked.status, telegramId: linked.telegramId }).toEqual({ status: 'ACTIVE', telegramId: String(buyer.id) });
    expect(linked.history.at(-1)).toMatchObject({ status: 'ACTIVE', cause: 'telegram' });
    expect((await sql()`select 1 from access_link_requests where telegram_id = ${buyer.id}`).length).toBe(0);
  });

  test('an e-mail without a purchase gets the same answer and no mail; no code works for it', async () => {
    const stranger = control().createUser({ first_name: 'Caio' });
    await say(stranger.id, '/acesso');
    expect(await say(stranger.id, 'ninguem@example.com')).toBe(EMAIL_LINK_TEXTS.codeSent);
    expect(await emailJobs('ninguem@example.com')).toBe(0);
    expect(await say(stranger.id, '123456')).toBe(EMAIL_LINK_TEXTS.wrongCode(EMAIL_LINK_LIMITS.codeAttempts - 1));
  });

  test('wrong codes end the exchange after the allowed attempts; the right code then does nothing', async () => {
    const access = await grant('duda@example.com');
    const buyer = control().createUser({ first_name: 'Duda' });
    await say(buyer.id, '/vincular');
    await say(buyer.id, 'duda@example.com');
    const code = codeIn((await inbox.next('duda@example.com')).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = EMAIL_LINK_LIMITS.codeAttempts - 1; left > 0; left--) expect(await say(buyer.id, wrong)).toBe(EMAIL_LINK_TEXTS.wrongCode(left));
    expect(await say(buyer.id, wrong)).toBe(EMAIL_LINK_TEXTS.expired);
    const link = createEmailLink(sql(), { mailConfigured: true, hashKey: bed.server.config.encryptionKey });
    expect(await link.answer({ botId: owner.bot.id, telegramId: buyer.id, text: code })).toEqual({ status: 'pass' });
    const after = accessMemberResponseSchema.parse((await call('GET', `/access/members/${access.id}`)).body).data.member;
    expect(after.status).toBe('AWAITING_LINK');
  });

  test('codes asked for are throttled per Telegram user', async () => {
    const user = control().createUser({ first_name: 'Edu' });
    for (let index = 0; index < EMAIL_LINK_LIMITS.sendsPerUserHour; index++) {
      await say(user.id, '/vincular');
      expect(await say(user.id, `edu${index}@example.com`)).toBe(EMAIL_LINK_TEXTS.codeSent);
    }
    await say(user.id, '/vincular');
    expect(await say(user.id, 'edu9@example.com')).toBe(EMAIL_LINK_TEXTS.throttled);
  });

  test('codes asked for are throttled per e-mail, whoever asks', async () => {
    for (let index = 0; index < EMAIL_LINK_LIMITS.sendsPerEmailHour; index++) {
      const user = control().createUser({ first_name: `Fã ${index}` });
      await say(user.id, '/vincular');
      expect(await say(user.id, 'alvo@example.com')).toBe(EMAIL_LINK_TEXTS.codeSent);
    }
    const last = control().createUser({ first_name: 'Fã final' });
    await say(last.id, '/vincular');
    expect(await say(last.id, 'ALVO@example.com')).toBe(EMAIL_LINK_TEXTS.throttled);
  });

  test('outside an exchange, e-mails and codes are not taken; without mail the bot points to the claim link', async () => {
    const link = createEmailLink(sql(), { mailConfigured: true, hashKey: bed.server.config.encryptionKey });
    expect(await link.answer({ botId: owner.bot.id, telegramId: 999_001, text: 'bia@example.com' })).toEqual({ status: 'pass' });
    expect(await link.answer({ botId: owner.bot.id, telegramId: 999_001, text: '123456' })).toEqual({ status: 'pass' });
    // During the exchange, a text of another shape is not taken either.
    await link.begin({ botId: owner.bot.id, telegramId: 999_001 });
    expect(await link.answer({ botId: owner.bot.id, telegramId: 999_001, text: 'quero falar com alguém' })).toEqual({ status: 'pass' });
    expect(await createEmailLink(sql(), { mailConfigured: false, hashKey: bed.server.config.encryptionKey }).begin({ botId: owner.bot.id, telegramId: 999_002 })).toBe(EMAIL_LINK_TEXTS.noMail);
    // A bot that sells no access leaves /vincular to its flows.
    expect(await link.begin({ botId: crypto.randomUUID(), telegramId: 999_002 })).toBeNull();
  });

  test('a bare /start mentions /vincular when the bot sells access', async () => {
    const user = control().createUser({ first_name: 'Gil' });
    expect(await say(user.id, '/start')).toBe(EMAIL_LINK_TEXTS.startHint);
  });
});
