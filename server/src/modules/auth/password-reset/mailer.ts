/**
 * Sending e-mail over SMTP (SMTP_URL) with nodemailer. A failure surfaces as a MailError that names only what went
 * wrong at which step (connection refused, authentication, a refused recipient, the server's reply code), never the
 * server's own text: that may quote the recipient's address, and nothing here ever carries the URL's password.
 */
import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Connects and authenticates, then hangs up: whether a message could be sent now. */
  verify(): Promise<void>;
  send(mail: OutgoingMail): Promise<void>;
};

export class MailError extends Error {
  override name = 'MailError';
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async verify() {
      await transport.verify().catch((error: unknown) => {
        throw mailError('falha na verificação', error);
      });
    },
    async send(mail) {
      await transport.sendMail({ from, ...mail }).catch((error: unknown) => {
        throw mailError('falha no envio', error);
      });
    },
  };
}

/** The mailer SMTP_URL configures, or none: without it no reset e-mail is ever sent (nor claimed to be). */
export const configuredMailer = (config: { smtpUrl: string | undefined; mailFrom: string }) =>
  config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined;

function mailError(step: string, error: unknown): MailError {
  const field = (key: string) => {
    const value: unknown = error instanceof Error ? Reflect.get(error, key) : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const parts = [field('code'), field('command'), field('responseCode')].filter((part) => part !== undefined);
  return new MailError(`SMTP: ${step}${parts.length ? ` (${parts.join(' ')})` : ''}`);
}
