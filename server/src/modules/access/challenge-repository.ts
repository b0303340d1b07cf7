/**
 * The human-check puzzles of join requests (docs/product.md#acessos): one pending puzzle per person and chat, settled
 * once by the first press (a conditional update: a second press, or one after the deadline, changes nothing).
 */
import type { Queryable } from '../../db/client.ts';

export type ChallengeStatus = 'pending' | 'passed' | 'failed' | 'expired';

export type ChallengeRow = {
  id: string;
  userId: string;
  botId: string;
  chatId: bigint;
  telegramId: bigint;
  answer: number;
  messageId: bigint | null;
  status: ChallengeStatus;
  expiresAt: Date;
  settledAt: Date | null;
};

const columns = (sql: Queryable) => sql`
  id, user_id as "userId", bot_id as "botId", chat_id as "chatId", telegram_id as "telegramId", answer,
  message_id as "messageId", status, expires_at as "expiresAt", settled_at as "settledAt"`;

export type NewChallenge = { userId: string; botId: string; chatId: number; telegramId: number; nonce: string; answer: number; expiresAt: Date };

/** The new puzzle's id, or undefined when this person already has one pending in the chat. */
export async function insertChallenge(sql: Queryable, input: NewChallenge) {
  const [row] = await sql<{ id: string }[]>`
    insert into access_join_challenges (user_id, bot_id, chat_id, telegram_id, nonce, answer, expires_at)
    values (${input.userId}, ${input.botId}, ${input.chatId}, ${input.telegramId}, ${input.nonce}, ${input.answer}, ${input.expiresAt})
    on conflict (bot_id, chat_id, telegram_id) where status = 'pending' do nothing returning id`;
  return row?.id;
}

export async function setMessage(sql: Queryable, challengeId: string, messageId: number) {
  await sql`update access_join_challenges set message_id = ${messageId} where id = ${challengeId}`;
}

/** The first press of this person on a pending puzzle of this bot before its deadline settles it; any other: undefined. */
export async function settleByPress(sql: Queryable, input: { botId: string; telegramId: number; nonce: string; option: number }) {
  const [row] = await sql<ChallengeRow[]>`
    update access_join_challenges set status = case when answer = ${input.option} then 'passed' else 'failed' end
    where nonce = ${input.nonce} and bot_id = ${input.botId} and telegram_id = ${input.telegramId}
      and status = 'pending' and expires_at > now()
    returning ${columns(sql)}`;
  return row;
}

/** A puzzle that could not be sent: failed now (its request is declined). */
export async function failUnsent(sql: Queryable, challengeId: string) {
  const [row] = await sql<ChallengeRow[]>`
    update access_join_challenges set status = 'failed' where id = ${challengeId} and status = 'pending' returning ${columns(sql)}`;
  return row;
}

export async function lockChallenge(sql: Queryable, challengeId: string) {
  const [row] = await sql<ChallengeRow[]>`select ${columns(sql)} from access_join_challenges where id = ${challengeId} for update`;
  return row;
}

/** Telegram was told; a still pending puzzle (the timeout) becomes expired. */
export async function markSettled(sql: Queryable, challengeId: string) {
  await sql`
    update access_join_challenges set settled_at = coalesce(settled_at, now()),
      status = case when status = 'pending' then 'expired' else status end
    where id = ${challengeId}`;
}

export async function chatTitle(sql: Queryable, botId: string, chatId: bigint | number) {
  const [row] = await sql<{ title: string }[]>`select title from channels where bot_id = ${botId} and chat_id = ${chatId}`;
  return row?.title ?? '';
}
