/**
 * Password reset by e-mail against a local SMTP server that requires authentication: the message arrives with a
 * link that works once, sets the password and signs the account out everywhere; an unknown e-mail gets the same
 * answer and no message; expired, used and unknown links are refused in pt-BR; a forged Host never steers a link.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { passwordResetAvailabilityResponseSchema, passwordResetCheckResponseSchema, tokenFromHash } from '@shared/auth/password-reset.ts';
import { authResponseSchema } from '@shared/auth/schemas.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test-support/smtp-inbox.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../../test-support/start-test-server.ts';

let inbox: SmtpInbox;
let server: TestServer;
beforeAll(async () => {
  inbox = await startSmtpInbox({ users: { canalize: 'senha-do-smtp' } });
  server = await startTestServer({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'Canalize <nao-responda@canalize.test>', TRUST_PROXY: '1' } });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  await inbox.stop();
});

let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

async function register() {
  const email = `redefinir-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  const response = await server.api('/api/auth/register', { json: { name: 'Maria <b>Silva</b>', email, password: 'senha-antiga' } });
  expect(response.status).toBe(201);
  return authResponseSchema.parse(await response.json()).data;
}

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  server.api('/api/auth/password-reset/request', { json: { email }, headers: { 'x-forwarded-for': newAddress(), ...headers } });
const check = (token: string) => server.api('/api/auth/password-reset/check', { json: { token } });
const confirm = (token: string, password: string) => server.api('/api/auth/password-reset/confirm', { json: { token, password } });
const login = (email: string, password: string) =>
  server.api('/api/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': newAddress() } });

async function failure(response: Response, status: number) {
  expect(response.status).toBe(status);
  return failureEnvelopeSchema.parse(await response.json());
}

/** Asks for a reset and reads the link out of the message that arrives. */
async function mailedLink(email: string) {
  expect((await requestReset(email)).status).toBe(202);
  const mail = await inbox.next(email);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  return { mail, link, token: tokenFromHash(new URL(link).hash) };
}

describe('password reset by e-mail', () => {
  test('the screen is offered: SMTP is configured and links can point at this server', async () => {
    const response = await server.api('/api/auth/password-reset');
    expect(passwordResetAvailabilityResponseSchema.parse(await response.json()).data).toEqual({ available: true });
  });

  test('the message arrives in pt-BR with a link that works once and signs every session out', async () => {
    const { user, tokens } = await register();
    const { mail, link, token } = await mailedLink(user.email);
    expect(mail.from).toBe('"Canalize" <nao-responda@canalize.test>');
    expect(mail.subject).toBe('Redefinição de senha do Canalize');
    expect(mail.text).toContain('Olá, Maria <b>Silva</b>!');
    expect(mail.text).toContain('em até 60 minutos');
    expect(mail.html).toContain('Maria &lt;b&gt;Silva&lt;/b&gt;');
    expect(link.startsWith(`${server.url}/reset-password#token=`)).toBe(true);
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await server.db.sql<{ tokenHash: string }[]>`select token_hash as "tokenHash" from password_reset_tokens where user_id = ${user.id}`;
    expect(stored.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);

    expect(passwordResetCheckResponseSchema.parse(await (await check(token)).json()).data).toEqual({ email: user.email });
    expect((await confirm(token, 'senha-nova-123')).status).toBe(200);
    expect((await login(user.email, 'senha-nova-123')).status).toBe(200);
    expect((await login(user.email, 'senha-antiga')).status).toBe(401);
    expect((await server.api('/api/auth/me', { token: tokens.accessToken })).status).toBe(401);
    expect((await server.api('/api/auth/refresh', { json: { refreshToken: tokens.refreshToken } })).status).toBe(401);

    expect((await failure(await confirm(token, 'outra-senha-456'), 410)).message).toBe('Este link de redefinição de senha já foi usado. Se precisar, peça um novo.');
    expect((await failure(await check(token), 410)).code).toBe('RESET_LINK_USED');
    expect((await login(user.email, 'outra-senha-456')).status).toBe(401);
  }, 30_000);

  test('two links of one account: using one retires the other; parallel uses of one succeed once', async () => {
    const { user } = await register();
    const first = await mailedLink(user.email);
    const second = await mailedLink(user.email);
    const answers = await Promise.all([confirm(second.token, 'paralela-1'), confirm(second.token, 'paralela-2')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect((await failure(await confirm(first.token, 'senha-velha-link'), 410)).code).toBe('RESET_LINK_USED');
  }, 30_000);

  test('an unknown e-mail gets the same answer and no message', async () => {
    const { user } = await register();
    const unknown = `ninguem-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
    const [forUnknown, forKnown] = [await requestReset(unknown), await requestReset(user.email)];
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    await inbox.next(user.email);
    expect(inbox.messages.filter((message) => message.to.includes(unknown))).toEqual([]);
  }, 30_000);

  test('an expired link is refused in pt-BR and changes nothing', async () => {
    const { user } = await register();
    const token = 'link-expirado-'.padEnd(43, 'x');
    await server.db.sql`
      insert into password_reset_tokens (user_id, token_hash, expires_at) values (${user.id}, ${sha256Hex(token)}, now() - interval '1 minute')`;
    expect((await failure(await check(token), 410)).message).toBe('Este link de redefinição de senha expirou. Peça um novo.');
    expect((await failure(await confirm(token, 'senha-nova-123'), 410)).code).toBe('RESET_LINK_EXPIRED');
    expect((await login(user.email, 'senha-antiga')).status).toBe(200);
  });

  test('an unknown link, a short password and a malformed e-mail are refused in pt-BR', async () => {
    expect((await failure(await check('nao-existe'), 400)).code).toBe('RESET_LINK_INVALID');
    const { user } = await register();
    const { token } = await mailedLink(user.email);
    expect((await failure(await confirm(token, '123'), 400)).details).toEqual({ password: 'Senha deve ter no mínimo 6 caracteres' });
    expect((await check(token)).status).toBe(200);
    expect((await failure(await requestReset('nao-e-email'), 400)).details).toEqual({ email: 'Email inválido' });
  }, 30_000);

  test('requests are throttled per e-mail across addresses, with the same answer for unknown e-mails', async () => {
    for (const email of [(await register()).user.email, `ninguem-${crypto.randomUUID().slice(0, 8)}@exemplo.com`]) {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await requestReset(email)).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
  }, 30_000);

  test('requests are throttled per address across e-mails', async () => {
    const address = newAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await requestReset(`spray-${attempt}-${crypto.randomUUID().slice(0, 6)}@exemplo.com`, { 'x-forwarded-for': address })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  }, 30_000);

  test('a forged Host never becomes the link: the reset is unavailable there and no message is sent', async () => {
    const { user } = await register();
    const port = new URL(server.url).port;
    const forged = await requestReset(user.email, { host: `evil.example:${port}` });
    expect((await failure(forged, 403)).code).toBe('PASSWORD_RESET_UNAVAILABLE');
    const offered = await server.api('/api/auth/password-reset', { headers: { host: `evil.example:${port}` } });
    expect(passwordResetAvailabilityResponseSchema.parse(await offered.json()).data).toEqual({ available: false });
    await mailedLink(user.email);
    expect(inbox.messages.filter((message) => message.to.includes(user.email))).toHaveLength(1);
  }, 30_000);
});
