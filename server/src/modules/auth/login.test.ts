import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jwt } from '@elysiajs/jwt';
import { authResponseSchema } from '@shared/auth/schemas.ts';
import { meResponseSchema } from '@shared/team/schemas.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

let counter = 0;
const uniqueEmail = () => `pessoa${++counter}-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;

async function register(email = uniqueEmail(), password = 'segredo1') {
  const response = await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password } });
  expect(response.status).toBe(201);
  return authResponseSchema.parse(await response.json()).data;
}

async function failure(response: Response) {
  return failureEnvelopeSchema.parse(await response.json());
}

describe('register', () => {
  test('creates the account, normalises the email and returns tokens', async () => {
    const email = uniqueEmail();
    const result = await register(`  ${email.toUpperCase()} `);
    expect(result.user.email).toBe(email);
    expect(result.user.name).toBe('Maria Silva');
    expect(new Date(result.user.createdAt).toISOString()).toBe(result.user.createdAt);
    const stored = await server.db.sql`select password_hash from users where id = ${result.user.id}`;
    expect(String(stored[0]?.password_hash)).toStartWith('$argon2id$');
  });

  test('refuses an email already taken, whatever its case, without saying that it is registered', async () => {
    const email = uniqueEmail();
    await register(email);
    const response = await server.api('/api/auth/register', {
      json: { name: 'Outra', email: email.replace('pessoa', 'PESSOA'), password: 'segredo1' },
    });
    expect(response.status).toBe(409);
    const refusal = await failure(response);
    expect(refusal).toEqual({
      success: false,
      code: 'REGISTRATION_REFUSED',
      message: 'Não foi possível criar a conta com estes dados. Se você já tem uma conta, entre com seu e-mail e senha.',
    });
    expect(JSON.stringify(refusal)).not.toMatch(/cadastrad|EMAIL_TAKEN|já existe/i);
  });

  test('answers 400 with the pt-BR text of each invalid field', async () => {
    const response = await server.api('/api/auth/register', { json: { name: 'A', email: 'x@', password: '123' } });
    expect(response.status).toBe(400);
    expect(await failure(response)).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Nome deve ter no mínimo 2 caracteres',
      details: {
        name: 'Nome deve ter no mínimo 2 caracteres',
        email: 'Email inválido',
        password: 'Senha deve ter no mínimo 6 caracteres',
      },
    });
  });
});

describe('login and me', () => {
  test('logs in with any email case and reads the user back with the access token', async () => {
    const email = uniqueEmail();
    const created = await register(email);
    const response = await server.api('/api/auth/login', { json: { email: email.toUpperCase(), password: 'segredo1' } });
    expect(response.status).toBe(200);
    const { user, tokens } = authResponseSchema.parse(await response.json()).data;
    expect(user).toEqual(created.user);
    const me = await server.api('/api/auth/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(meResponseSchema.parse(await me.json()).data.user).toEqual(created.user);
  });

  test('gives the same answer for a wrong password and an unknown email', async () => {
    const email = uniqueEmail();
    await register(email);
    const wrongPassword = await server.api('/api/auth/login', { json: { email, password: 'errada' } });
    const unknownEmail = await server.api('/api/auth/login', { json: { email: uniqueEmail(), password: 'segredo1' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const expected = { success: false as const, code: 'INVALID_CREDENTIALS', message: 'Email ou senha inválidos' };
    expect(await failure(wrongPassword)).toEqual(expected);
    expect(await failure(unknownEmail)).toEqual(expected);
  });

  test('requires a password at login', async () => {
    const response = await server.api('/api/auth/login', { json: { email: uniqueEmail(), password: '' } });
    expect(response.status).toBe(400);
    expect(await failure(response)).toMatchObject({ message: 'Senha é obrigatória' });
  });

  test('throttles after 5 failures for one email from one address, even with the right password, in the database', async () => {
    const email = uniqueEmail();
    await register(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await server.api('/api/auth/login', { json: { email, password: `errada${attempt}` } });
      expect(response.status).toBe(401);
    }
    const blocked = await server.api('/api/auth/login', { json: { email, password: 'segredo1' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await failure(blocked)).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Muitas tentativas. Tente novamente em alguns minutos.',
    });
    const stored = await server.db.sql`select attempts from login_throttle where key like ${`account:%:${email}`}`;
    expect(stored[0]?.attempts).toBe(5);
    // Once the wait has passed the account opens again.
    await server.db.sql`update login_throttle set blocked_until = now() - interval '1 second' where key like ${`account:%:${email}`}`;
    const later = await server.api('/api/auth/login', { json: { email, password: 'segredo1' } });
    expect(later.status).toBe(200);
  });

  test('rejects a missing, forged or expired access token', async () => {
    const { user } = await register();
    const none = await server.api('/api/auth/me');
    expect(none.status).toBe(401);
    expect(await failure(none)).toMatchObject({ code: 'UNAUTHENTICATED' });

    const forger = jwt({ name: 'jwt', secret: 'x'.repeat(48) }).decorator.jwt;
    const forged = await server.api('/api/auth/me', { token: await forger.sign({ sub: user.id, exp: '15m' }) });
    expect(forged.status).toBe(401);
    expect(await failure(forged)).toMatchObject({ code: 'UNAUTHENTICATED' });

    const signer = jwt({ name: 'jwt', secret: server.config.jwtSecret }).decorator.jwt;
    const expiredToken = await signer.sign({ sub: user.id, exp: Math.floor(Date.now() / 1000) - 60 });
    const expired = await server.api('/api/auth/me', { token: expiredToken });
    expect(expired.status).toBe(401);
    expect(await failure(expired)).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Sessão expirada' });
  });

  test('issues access tokens that expire after 15 minutes', async () => {
    const { tokens } = await register();
    const payload = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });
});
