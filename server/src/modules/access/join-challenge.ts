/**
 * The human check of a join request (docs/product.md#acessos): a puzzle of CHALLENGE_OPTIONS emoji buttons, the
 * right one named in the text, sent in private by the runtime. The callback data carries a random nonce per puzzle
 * (never the answer, never guessable across puzzles) and the option's index; the first press of the requester
 * settles it, at most once. The durable timeout job (challenge-timeout.ts) is written with the puzzle: it declines
 * an unanswered request at the deadline and finishes a settled one that Telegram was not told about (a crash).
 */
import { randomInt } from 'node:crypto';
import { CHALLENGE_EMOJI, CHALLENGE_MINUTES, CHALLENGE_OPTIONS, CHALLENGE_PREFIX } from '@shared/access/challenge-texts.ts';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { ChallengeAnswer, JoinChallenge } from '../../ports/access-gate.ts';
import * as repo from './challenge-repository.ts';
import { challengeTimeoutJob } from './challenge-timeout-job.ts';
import { recordDecision } from './gate-repository.ts';

const PRESS = new RegExp(`^${CHALLENGE_PREFIX}([A-Za-z0-9_-]{16}):(\\d{1,2})$`);

/** CHALLENGE_OPTIONS distinct emoji in random order (sorted by crypto-random keys). */
function drawOptions() {
  return CHALLENGE_EMOJI.map((item) => ({ item, key: randomInt(2 ** 40) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, CHALLENGE_OPTIONS)
    .map(({ item }) => item);
}

type Request = { userId: string; botId: string; chatId: number; telegramId: number; chatTitle: string };

/** A new puzzle and its timeout job, in one transaction; undefined when one is already pending for this person. */
export async function createChallenge(sql: Sql, request: Request): Promise<JoinChallenge | undefined> {
  const options = drawOptions();
  const answer = randomInt(options.length);
  const target = options[answer];
  if (!target) throw new Error('empty challenge pool');
  const nonce = randomToken(12);
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  return inTransaction(sql, async (tx) => {
    const id = await repo.insertChallenge(tx, { ...request, nonce, answer, expiresAt });
    if (!id) return undefined;
    await challengeTimeoutJob.enqueue(tx, { challengeId: id }, { runAt: expiresAt, idempotencyKey: id, tenant: request.userId, maxAttempts: 20 });
    await recordDecision(tx, {
      userId: request.userId, botId: request.botId, chatId: request.chatId, telegramId: request.telegramId, memberId: null,
      decision: 'challenged', reason: 'Desafio anti-robô enviado no privado',
    });
    return { id, nonce, chatTitle: request.chatTitle, options: options.map((option) => option.emoji), target };
  });
}

const settledDecision = (row: repo.ChallengeRow, passed: boolean, reason: string) => ({
  userId: row.userId, botId: row.botId, chatId: Number(row.chatId), telegramId: Number(row.telegramId), memberId: null,
  decision: passed ? ('approved' as const) : ('declined' as const), reason,
});

export async function answerChallenge(sql: Sql, input: { botId: string; telegramId: number; data: string }): Promise<ChallengeAnswer> {
  const match = PRESS.exec(input.data);
  if (!match) return { status: 'stale' };
  const [, nonce = '', option = ''] = match;
  return inTransaction(sql, async (tx) => {
    const row = await repo.settleByPress(tx, { botId: input.botId, telegramId: input.telegramId, nonce, option: Number(option) });
    if (!row) return { status: 'stale' };
    const passed = row.status === 'passed';
    await recordDecision(tx, settledDecision(row, passed, passed ? 'Acertou o desafio anti-robô' : 'Errou o desafio anti-robô'));
    return { status: 'settled', challengeId: row.id, approve: passed, chatId: Number(row.chatId), chatTitle: await repo.chatTitle(tx, row.botId, row.chatId) };
  });
}

/** The puzzle could not reach the private chat: declined now (recorded); the runtime declines the request. */
export async function challengeSent(sql: Sql, input: { challengeId: string; messageId: number | null }) {
  if (input.messageId !== null) return repo.setMessage(sql, input.challengeId, input.messageId);
  await inTransaction(sql, async (tx) => {
    const row = await repo.failUnsent(tx, input.challengeId);
    if (row) await recordDecision(tx, settledDecision(row, false, 'Não foi possível enviar o desafio no privado'));
  });
}

export { settledDecision };
