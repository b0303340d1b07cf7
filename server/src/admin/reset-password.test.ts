/**
 * `bun run admin reset-password <email>` run as a process, on the database the suite runs against: beside a running
 * server (the embedded one through its socket), and on a stopped embedded data directory. The printed password
 * signs in, the old one does not, every session is signed out; an unknown e-mail is a pt-BR message and status 1.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authResponseSchema } from '@shared/auth/schemas.ts';
import { createDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';

const ROOT = path.resolve(import.meta.dir, '../../..');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function admin(args: string[], env: { DATA_DIR: string; DATABASE_URL: string }) {
  const child = Bun.spawn(['bun', 'run', 'admin', ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

const serverEnv = () => ({ DATA_DIR: server.db.dataDir, DATABASE_URL: server.db.databaseUrl ?? '' });
const printedPassword = (stdout: string) => /^ {4}([a-z2-9]{4}(?:-[a-z2-9]{4}){3})$/m.exec(stdout)?.[1];
const login = (email: string, password: string) => server.api('/api/auth/login', { json: { email, password } });

describe('bun run admin reset-password', () => {
  test('prints a new password that signs in, and signs every session out', async () => {
    const email = `admin-${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
    const registered = await server.api('/api/auth/register', { json: { name: 'Maria Silva', email, password: 'senha-esquecida' } });
    const { tokens } = authResponseSchema.parse(await registered.json()).data;

    const run = await admin(['reset-password', email.toUpperCase()], serverEnv());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Senha da conta ${email} redefinida.`);
    expect(run.stdout).toContain('Todas as sessões da conta foram encerradas.');
    const password = printedPassword(run.stdout) ?? '';
    expect(password).toHaveLength(19);

    expect((await login(email, password)).status).toBe(200);
    expect((await login(email, 'senha-esquecida')).status).toBe(401);
    expect((await server.api('/api/auth/me', { token: tokens.accessToken })).status).toBe(401);
    expect((await server.api('/api/auth/refresh', { json: { refreshToken: tokens.refreshToken } })).status).toBe(401);
  }, 60_000);

  test('an unknown e-mail: a pt-BR message and status 1; a wrong call: the usage and status 2', async () => {
    const unknown = await admin(['reset-password', 'ninguem@exemplo.com'], serverEnv());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nenhuma conta com o e-mail ninguem@exemplo.com.');
    expect(unknown.stdout).not.toContain('Nova senha');
    const usage = await admin(['reset-password'], serverEnv());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: bun run admin reset-password <email>');
  }, 60_000);

  test.skipIf(Boolean(process.env.DATABASE_URL))('works on an embedded data directory with no server running', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-admin-'));
    try {
      const db = await createDatabase({ databaseUrl: undefined, dataDir });
      await migrate(db.sql);
      await db.sql`insert into users (name, email, password_hash) values ('Ana', 'ana@exemplo.com', ${await Bun.password.hash('antiga')})`;
      await db.close();
      const run = await admin(['reset-password', 'ana@exemplo.com'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(run.code).toBe(0);
      const reopened = await createDatabase({ databaseUrl: undefined, dataDir });
      const [row] = await reopened.sql<{ hash: string }[]>`select password_hash as hash from users where email = 'ana@exemplo.com'`;
      await reopened.close();
      expect(await Bun.password.verify(printedPassword(run.stdout) ?? '', row?.hash ?? '')).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
