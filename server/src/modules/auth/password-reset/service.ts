/**
 * Password reset by e-mail (docs/decisions.md#password-reset).
 * - A request is refused as unavailable without SMTP_URL or a trustworthy address for the link (link-origin.ts);
 *   otherwise it is throttled (throttle-keys.ts), the SMTP server is asked whether it would take a message (a failing
 *   one is a pt-BR 502 for everyone), and the message itself is a job queued only for an existing account: the answer
 *   and its timing are the same whether the e-mail has an account or not, and nothing says which.
 * - A link's token is 32 random bytes; only its SHA-256 is stored. It works once, for RESET_LINK_TTL_MINUTES.
 * - Using it sets the password through the hashing queue, retires the account's other links and signs the account
 *   out everywhere: whoever knew the old password keeps no session.
 */
import type { PasswordResetInput, PasswordResetRequestInput } from '@shared/auth/password-reset.ts';
import type { Sql } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../lib/errors.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import type { Logger } from '../../../lib/logger.ts';
import { hashPassword } from '../password-hashing.ts';
import { claimLoginAttempt, findUserByEmail, revokeUserSessions } from '../repository.ts';
import type { Mailer } from './mailer.ts';
import { findResetToken, replacePassword, useResetToken, type ResetTokenRow } from './repository.ts';
import { passwordResetSendJob, RESET_SEND_ATTEMPTS } from './send-job.ts';
import { resetThrottleKeys } from './throttle-keys.ts';

export type PasswordResetDeps = { sql: Sql; mailer: Mailer | undefined; logger: Logger };

/** `origin`: where links may point for this request (link-origin.ts), undefined when nowhere trustworthy. */
export const isAvailable = (deps: PasswordResetDeps, origin: string | undefined) => Boolean(deps.mailer && origin);

export async function requestReset(deps: PasswordResetDeps, input: PasswordResetRequestInput, address: string, origin: string | undefined) {
  if (!deps.mailer || !origin) throw new AppError('PASSWORD_RESET_UNAVAILABLE', 403);
  const claim = await claimLoginAttempt(deps.sql, resetThrottleKeys(address, input.email));
  if (!claim.allowed) {
    throw new AppError('TOO_MANY_ATTEMPTS', 429, undefined, undefined, { 'retry-after': String(claim.retryAfterSeconds) });
  }
  try {
    await deps.mailer.verify();
  } catch (error) {
    deps.logger.warn('servidor SMTP indisponível; pedido de redefinição de senha recusado', { error });
    throw new AppError('EMAIL_NOT_SENT', 502);
  }
  const account = await findUserByEmail(deps.sql, input.email);
  if (account) {
    await passwordResetSendJob.enqueue(deps.sql, { userId: account.id, origin }, { tenant: account.id, maxAttempts: RESET_SEND_ATTEMPTS });
  }
}

/** The link's account e-mail, or the pt-BR refusal of a link that is unknown, used or expired. */
export async function checkLink(sql: Sql, token: string): Promise<{ email: string }> {
  return { email: (await usableLink(sql, token)).email };
}

export async function resetPassword(sql: Sql, input: PasswordResetInput): Promise<void> {
  const link = await usableLink(sql, input.token);
  const passwordHash = await hashPassword(input.password);
  const done = await inTransaction(sql, async (tx) => {
    if (!(await useResetToken(tx, link.id))) return false;
    await replacePassword(tx, { userId: link.userId, email: link.email, passwordHash });
    return true;
  });
  // A parallel request used it while the password was hashed, or it expired meanwhile: say which.
  if (!done) {
    await usableLink(sql, input.token);
    throw linkRefusal({ ...link, used: true });
  }
  await revokeUserSessions(sql, link.userId);
}

async function usableLink(sql: Sql, token: string): Promise<ResetTokenRow> {
  const link = await findResetToken(sql, sha256Hex(token));
  if (!link || link.used || link.expired) throw linkRefusal(link);
  return link;
}

function linkRefusal(link: ResetTokenRow | undefined): AppError {
  if (!link) return new AppError('RESET_LINK_INVALID', 400);
  return link.used ? new AppError('RESET_LINK_USED', 410) : new AppError('RESET_LINK_EXPIRED', 410);
}
