/**
 * The `access.email-code` job: mints the 6-digit code of an e-mail link exchange (email-link-service.ts), keeps its
 * keyed hash on the exchange and mails the code. Queued only when an access with that e-mail waits for an account, so
 * the bot's answer and its timing say nothing about the e-mail. Each attempt mints its own code (one that failed
 * to arrive is never the one that works); an exchange that ended or moved on meanwhile gets nothing.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_CODE_MAIL } from '@shared/access/email-link-texts.ts';
import type { Sql } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import { deriveSecretHex } from '../../lib/crypto.ts';
import type { Mailer } from '../auth/password-reset/mailer.ts';
import { botUsername, setCodeHash } from './email-link-repository.ts';

export const emailCodeJob = jobKind('access.email-code', z.object({ botId: z.uuid(), telegramId: z.string().regex(/^\d{1,20}$/), email: z.string().min(3).max(320) }));

/**
 * Only this hash of a code is stored; it names the exchange, so a code works for nobody else. Keyed with the server
 * key (HMAC): a reader of the database alone cannot try the million codes against it.
 */
export const codeHash = (key: Uint8Array, botId: string, telegramId: number | bigint | string, code: string) =>
  deriveSecretHex(key, `access-link:${botId}:${telegramId}:${code}`);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function emailCodeHandler(deps: { sql: Sql; mailer: Mailer | undefined; hashKey: Uint8Array }): JobHandler<typeof emailCodeJob.payload> {
  return {
    async run({ botId, telegramId, email }) {
      if (!deps.mailer) throw new Error('SMTP_URL não está configurado neste processo');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!(await setCodeHash(deps.sql, botId, Number(telegramId), email, codeHash(deps.hashKey, botId, telegramId, code)))) return;
      const lines = EMAIL_CODE_MAIL.lines(code, (await botUsername(deps.sql, botId)) ?? 'bot');
      const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${EMAIL_CODE_MAIL.subject}</title></head><body style="font-family:Arial,Helvetica,sans-serif">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`;
      await deps.mailer.send({ to: email, subject: EMAIL_CODE_MAIL.subject, text: `${lines.join('\n\n')}\n`, html });
    },
  };
}
