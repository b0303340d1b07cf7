/**
 * The signed-in user's password asked again before a step that cannot be undone by a stolen access token alone
 * (a new password, the account's deletion), and the sign-out of the user's sessions that follows such steps.
 * Confirmations are throttled per account with the login's two counters and growing waits (throttle.ts), so a
 * borrowed session cannot be used to guess the password: 5 wrong ones in a row, then waits; 20 in a day, then
 * longer ones. A right password clears the first counter and gives its attempt back to the second, as a login does.
 */
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from './password-hashing.ts';
import * as repo from './repository.ts';
import { ACCOUNT_RULE, ADDRESS_RULE, type ThrottleKey } from './throttle.ts';

/** In releaseLoginAttempt's order: the long counter, then the one a success clears. */
const confirmationKeys = (userId: string): ThrottleKey[] => [
  { key: `password-confirmations:${userId}`, rule: ADDRESS_RULE },
  { key: `password-confirmation:${userId}`, rule: ACCOUNT_RULE },
];

/** Throws WRONG_PASSWORD (403, the form's `field` named) or TOO_MANY_ATTEMPTS (429) unless `password` is the account's. */
export async function confirmPassword(sql: Sql, userId: string, passwordHash: string, password: string, field: string): Promise<void> {
  const keys = confirmationKeys(userId);
  const claim = await repo.claimLoginAttempt(sql, keys);
  if (!claim.allowed) {
    throw new AppError('TOO_MANY_ATTEMPTS', 429, undefined, undefined, { 'retry-after': String(claim.retryAfterSeconds) });
  }
  if (!(await verifyPassword(password, passwordHash))) throw new AppError('WRONG_PASSWORD', 403, undefined, { [field]: 'Senha incorreta' });
  await repo.releaseLoginAttempt(sql, keys);
}

/** Every session of the user ends, but `keepSessionId`'s (the one asking) when given. */
export function endSessions(sql: Sql, userId: string, keepSessionId?: string): Promise<void> {
  return repo.revokeUserSessions(sql, userId, keepSessionId);
}
