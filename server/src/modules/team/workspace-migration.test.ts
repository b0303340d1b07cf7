/**
 * Migration 0750 on a database made by the schema before workspaces: every existing account becomes the owner of a
 * workspace whose id is its user id, so everything it owned stays reachable through the API, and an access token
 * signed before workspaces (no `wid`) still acts in the account's own workspace.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwt } from '@elysiajs/jwt';
import { authResponseSchema } from '@shared/auth/schemas.ts';
import { meResponseSchema } from '@shared/team/schemas.ts';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { insertBot } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';

const WORKSPACES_MIGRATION = 750;
let db: TestDatabase;
let server: TestServer;
let userId = '';
let botId = '';
const before = mkdtempSync(path.join(tmpdir(), 'canalize-before-workspaces-'));

beforeAll(async () => {
  for (const file of readdirSync(MIGRATIONS_DIR)) {
    if (Number(file.slice(0, 4)) < WORKSPACES_MIGRATION) cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  }
  db = await createTestDatabase();
  await migrate(db.sql, before);
  const [user] = await db.sql<{ id: string }[]>`
    insert into users (name, email, password_hash) values ('Antiga Conta', 'antiga@exemplo.com', ${await hashPassword('segredo1')}) returning id`;
  userId = user?.id ?? '';
  server = await startTestServer({ database: db });
  botId = await insertBot(server, userId, 'Bot Antigo');
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  await db.close();
  rmSync(before, { recursive: true, force: true });
});

describe('workspaces migration', () => {
  test('an account made before workspaces owns its own workspace and reaches everything it had', async () => {
    const login = await server.api('/api/auth/login', { json: { email: 'antiga@exemplo.com', password: 'segredo1' } });
    const { tokens } = authResponseSchema.parse(await login.json()).data;
    const me = meResponseSchema.parse(await (await server.api('/api/auth/me', { token: tokens.accessToken })).json()).data;
    expect(me.workspace).toEqual({ id: userId, name: 'Equipe de Antiga Conta', role: 'owner' });
    expect(me.workspaces).toEqual([me.workspace]);
    expect((await server.api(`/api/bots/${botId}`, { token: tokens.accessToken })).status).toBe(200);
  });

  test('an access token signed before workspaces acts in the account own workspace', async () => {
    const sessionId = crypto.randomUUID();
    await db.sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at) values (${userId}, ${sessionId}, ${crypto.randomUUID()}, now() + interval '1 day')`;
    const signer = jwt({ name: 'jwt', secret: server.config.jwtSecret, exp: '15m' }).decorator.jwt;
    const token = await signer.sign({ sub: userId, sid: sessionId });
    expect((await server.api(`/api/bots/${botId}`, { token })).status).toBe(200);
  });
});
