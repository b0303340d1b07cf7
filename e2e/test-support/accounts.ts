import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { E2E_JWT_SECRET } from './env.ts';

export type TestAccount = { name: string; email: string; password: string };

export function newAccount(): TestAccount {
  const id = randomUUID().slice(0, 8);
  return { name: `Ana Teste ${id}`, email: `ana.${id}@exemplo.com.br`, password: 'segredo123' };
}

type Session = { user: { id: string; name: string; email: string }; tokens: { accessToken: string; refreshToken: string } };

/** Registers through the API (the `request` fixture is not affected by offline emulation). */
export async function registerByApi(request: APIRequestContext, account = newAccount()) {
  const response = await request.post('/api/auth/register', { data: account });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { data: Session };
  return { account, session: body.data };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 access token for `userId` signed with the e2e server's secret whose expiry has already passed. */
export function expiredAccessToken(userId: string) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: userId, iat: now - 3600, exp: now - 60 }));
  const signature = createHmac('sha256', E2E_JWT_SECRET).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Registers a bot token for the account through the API, as the add-bot modal would; answers the bot's id. */
export async function createBotByApi(request: APIRequestContext, accessToken: string, token: string): Promise<string> {
  const response = await request.post('/api/bots', { data: { token }, headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status() !== 201) throw new Error(`create bot failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { data: { bot: { id: string } } };
  return body.data.bot.id;
}
