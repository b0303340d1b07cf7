/**
 * The setting of the PostgreSQL benchmarks that seed a large account: a throw-away database on `BENCH_DATABASE_URL`,
 * the real server as a process on it, the Bot API emulator, a direct connection for the seed, and an account with
 * one bot. `close()` drops the database, whatever happened.
 */
import { connect } from '../../server/src/db/client.ts';
import { createTelegramEmulator } from '../../tools/telegram-emulator/emulator.ts';
import { startServerProcess } from './server-process.ts';
import { api, BENCH_PG_URL, postgresReachable } from './sync-server.ts';

export type ThrowawayBench = Awaited<ReturnType<typeof openThrowawayBench>>;

/** Exits the process with a pt-BR line when PostgreSQL is not there (the bench is then skipped, not failed). */
export async function requirePostgres(bench: string) {
  if (await postgresReachable()) return;
  console.log(`${bench}: PostgreSQL indisponível em ${BENCH_PG_URL}; defina BENCH_DATABASE_URL`);
  process.exit(0);
}

export async function openThrowawayBench(bench: string, options: { portBase: number; env?: Record<string, string> }) {
  const admin = connect(BENCH_PG_URL, 1);
  const name = `canalize_bench_${bench.replaceAll('-', '_')}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(BENCH_PG_URL);
  dbUrl.pathname = `/${name}`;
  const emulator = createTelegramEmulator({ rateLimits: false });
  const server = await startServerProcess({
    port: options.portBase + Math.floor(Math.random() * 300),
    env: { DATABASE_URL: dbUrl.toString(), TELEGRAM_API_ROOT: emulator.url, LOG_LEVEL: 'error', ...options.env },
  });
  const sql = connect(dbUrl.toString(), 2);
  const close = async () => {
    await sql.end({ timeout: 5 });
    await server.stop();
    await emulator.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  };
  return { server, emulator, sql, close, accountWithBot: (accountName: string) => accountWithBot(server.url, emulator, bench, accountName) };
}

/** A new account and one bot of the emulator's, registered through the API. */
async function accountWithBot(url: string, emulator: ReturnType<typeof createTelegramEmulator>, bench: string, name: string) {
  const register = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `bench${crypto.randomUUID().slice(0, 8)}@exemplo.com`, password: 'segredo1' }),
  });
  const { user, tokens } = ((await register.json()) as { data: { user: { id: string }; tokens: { accessToken: string } } }).data;
  const telegramBot = emulator.control.createBot({ username: `bench_${bench.replaceAll('-', '_').slice(0, 8)}_${Date.now() % 100000}_bot` });
  const { bot } = await api<{ bot: { id: string } }>(url, tokens.accessToken, 'POST', '/bots', { token: telegramBot.token });
  return { userId: user.id, token: tokens.accessToken, botId: bot.id, botToken: telegramBot.token };
}
