/**
 * The `password-reset.send` job: mints a link for the account and mails it. Queued by a request only after the SMTP
 * server answered (service.ts), so the request's answer and its timing do not depend on whether the e-mail has an
 * account; a failure here is retried a few times with backoff, and logged by the queue without the address
 * (mailer.ts MailError). Each attempt mints its own link: one that failed to arrive is never reused.
 */
import { z } from 'zod';
import { RESET_LINK_TTL_MINUTES, resetLinkFor } from '@shared/auth/password-reset.ts';
import type { Sql } from '../../../db/client.ts';
import { jobKind } from '../../../jobs/queue.ts';
import type { JobHandler } from '../../../jobs/run-job.ts';
import { randomToken, sha256Hex } from '../../../lib/crypto.ts';
import type { Mailer } from './mailer.ts';
import { resetMessage } from './message.ts';
import { findAccountById, insertResetToken } from './repository.ts';

export const passwordResetSendJob = jobKind('password-reset.send', z.object({ userId: z.uuid(), origin: z.url() }));

export const RESET_SEND_ATTEMPTS = 4;

export function passwordResetSendHandler(deps: { sql: Sql; mailer: Mailer | undefined }): JobHandler<typeof passwordResetSendJob.payload> {
  return {
    async run({ userId, origin }) {
      if (!deps.mailer) throw new Error('SMTP_URL não está configurado neste processo');
      const account = await findAccountById(deps.sql, userId);
      if (!account) return; // the account was deleted meanwhile
      const token = randomToken(32);
      await insertResetToken(deps.sql, { userId, tokenHash: sha256Hex(token), ttlMinutes: RESET_LINK_TTL_MINUTES });
      await deps.mailer.send(resetMessage(account, resetLinkFor(origin, token)));
    },
  };
}
