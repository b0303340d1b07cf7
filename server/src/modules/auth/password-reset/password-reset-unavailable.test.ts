/**
 * Without SMTP_URL the reset is refused in pt-BR (the screen sends people to the administrator) and nothing pretends
 * a message left; with an SMTP server that fails, everyone gets the same pt-BR error and the log names neither the
 * SMTP password nor the e-mail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { passwordResetAvailabilityResponseSchema } from '@shared/auth/password-reset.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test-support/smtp-inbox.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../../test-support/start-test-server.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';

const SMTP_PASSWORD = 'senha-errada-do-smtp';
let database: TestDatabase;
let inbox: SmtpInbox;
beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox({ users: { canalize: 'senha-certa-do-smtp' } });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await inbox.stop();
  await database.close();
});

async function withServer(env: Record<string, string>, work: (server: TestServer) => Promise<void>) {
  const server = await startTestServer({ database, env });
  try {
    await work(server);
  } finally {
    await server.stop();
  }
}

async function registered(server: TestServer) {
  const email = `sem-smtp-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  expect((await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password: 'segredo1' } })).status).toBe(201);
  return email;
}

const requestReset = (server: TestServer, email: string) => server.api('/api/auth/password-reset/request', { json: { email } });

describe('password reset unavailable', () => {
  test('without SMTP_URL: not offered, and a request is refused telling to ask the administrator', async () => {
    await withServer({}, async (server) => {
      const offered = await server.api('/api/auth/password-reset');
      expect(passwordResetAvailabilityResponseSchema.parse(await offered.json()).data).toEqual({ available: false });
      const email = await registered(server);
      const answer = await requestReset(server, email);
      expect(answer.status).toBe(403);
      expect(failureEnvelopeSchema.parse(await answer.json())).toEqual({
        success: false,
        code: 'PASSWORD_RESET_UNAVAILABLE',
        message: 'A redefinição de senha por e-mail não está configurada neste servidor. Peça ao administrador do Canalize para redefinir sua senha.',
      });
      expect(await server.db.sql`select 1 from jobs where kind = 'password-reset.send'`).toHaveLength(0);
    });
  }, 60_000);

  test('a failing SMTP server: the same pt-BR error for any e-mail, and a log without its password', async () => {
    const url = inbox.url.replace('senha-certa-do-smtp', SMTP_PASSWORD);
    await withServer({ SMTP_URL: url }, async (server) => {
      const email = await registered(server);
      const answers = [await requestReset(server, email), await requestReset(server, `ninguem-${crypto.randomUUID().slice(0, 8)}@exemplo.com`)];
      for (const answer of answers) {
        expect(answer.status).toBe(502);
        expect(failureEnvelopeSchema.parse(await answer.json()).message).toBe('Não foi possível enviar o e-mail agora. Tente novamente em alguns minutos.');
      }
      const logged = server.logs.filter((line) => line.includes('SMTP'));
      expect(logged.length).toBeGreaterThan(0);
      expect(server.logs.join('\n')).not.toContain(SMTP_PASSWORD);
      expect(server.logs.filter((line) => line.includes(email) && line.includes('SMTP'))).toEqual([]);
      expect(inbox.messages).toEqual([]);
    });
  }, 60_000);

  test('a message the SMTP server refuses after accepting the connection is retried, and logged without the e-mail', async () => {
    const refusing = await startSmtpInbox({ refuseRecipients: true });
    try {
      await withServer({ SMTP_URL: refusing.url }, async (server) => {
        const email = await registered(server);
        expect((await requestReset(server, email)).status).toBe(202);
        const failed = async () => server.logs.filter((line) => line.includes('SMTP: falha no envio'));
        const deadline = Date.now() + 15_000;
        while ((await failed()).length === 0 && Date.now() < deadline) await Bun.sleep(50);
        expect((await failed()).length).toBeGreaterThan(0);
        expect(server.logs.filter((line) => line.includes(email))).toEqual([]);
        // The worker logs the failure before it records it on the job row: wait for the row too.
        const lastError = async () =>
          (await server.db.sql<{ lastError: string | null }[]>`select last_error as "lastError" from jobs where kind = 'password-reset.send'`)[0]?.lastError ?? null;
        while ((await lastError()) === null && Date.now() < deadline) await Bun.sleep(50);
        const job = { lastError: await lastError() };
        expect(job.lastError).toContain('SMTP: falha no envio');
        expect(job.lastError).not.toContain(email);
      });
    } finally {
      await refusing.stop();
    }
  }, 60_000);
});
