/**
 * Helpers for the benchmarks that run the product: the product in its own process on the
 * embedded database or on a fresh PostgreSQL database, a signed-up user with an emulator bot and a flow, and a
 * minimal sync client speaking the shared wire contract.
 */
import { connect } from '../../server/src/db/client.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../tools/telegram-emulator/emulator.ts';
import type { MutationArgs, MutationName } from '@shared/sync/mutations.ts';
import { pullResponseSchema, pushResponseSchema } from '@shared/sync/protocol.ts';
import { startServerProcess } from './server-process.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://canalize:canalize@127.0.0.1:5432/postgres';

export type SyncTarget = {
  label: string;
  url: string;
  token: string;
  botId: string;
  botToken: string;
  emulator: TelegramEmulator;
  /** The server process (its RSS is read from /proc). */
  pid: number;
  /** The server's database (the throw-away one on PostgreSQL; undefined when embedded). */
  databaseUrl: string | undefined;
  stop(): Promise<void>;
};

export async function postgresReachable(url = BENCH_PG_URL) {
  const probe = connect(url, 1);
  const ok = await probe`select 1`.then(() => true, () => false);
  await probe.end({ timeout: 1 });
  return ok;
}

/** Starts the server (embedded, or a throw-away database on BENCH_PG_URL) with a user and a running emulator bot. */
export async function startSyncTarget(kind: 'embedded' | 'postgres'): Promise<SyncTarget> {
  const emulator = createTelegramEmulator({ rateLimits: false });
  const env: Record<string, string> = { TELEGRAM_API_ROOT: emulator.url, LOG_LEVEL: 'error' };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const admin = connect(BENCH_PG_URL, 1);
    const name = `canalize_bench_sync_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.unsafe(`create database ${name}`);
    const dbUrl = new URL(BENCH_PG_URL);
    dbUrl.pathname = `/${name}`;
    env.DATABASE_URL = dbUrl.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  } else {
    env.DATABASE_URL = '';
  }
  const server = await startServerProcess({ port: 4800 + Math.floor(Math.random() * 400), env });
  const token = await signUp(server.url);
  const created = emulator.control.createBot({ username: `canalize_bench_sync_${Date.now() % 100000}_bot` });
  const bot = await api<{ bot: { id: string } }>(server.url, token, 'POST', '/bots', { token: created.token });
  return {
    label: kind === 'embedded' ? 'embutido (PGlite)' : 'PostgreSQL',
    url: server.url,
    token,
    botId: bot.bot.id,
    botToken: created.token,
    emulator,
    pid: server.pid,
    databaseUrl: env.DATABASE_URL || undefined,
    async stop() {
      await server.stop();
      await emulator.stop();
      await dropDatabase();
    },
  };
}

async function signUp(url: string) {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench${crypto.randomUUID().slice(0, 8)}@exemplo.com`, password: 'segredo1' }),
  });
  const body = (await response.json()) as { data: { tokens: { accessToken: string } } };
  return body.data.tokens.accessToken;
}

export async function api<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** One outbox: numbered envelopes for one client id, pushed in batches. */
export function benchSyncClient(target: Pick<SyncTarget, 'url' | 'token'>, clientId: string = crypto.randomUUID()) {
  let next = 1;
  return {
    envelope<N extends MutationName>(name: N, args: MutationArgs<N>) {
      return { clientId, mutationId: next++, name, args, createdAt: new Date().toISOString() };
    },
    async push(mutations: unknown[]) {
      const response = await fetch(`${target.url}/api/sync/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mutations }),
      });
      const result = pushResponseSchema.parse(await response.json()).data;
      const refused = result.results.filter((r) => r.status !== 'applied');
      if (refused.length > 0) throw new Error(`push refused: ${JSON.stringify(refused[0])}`);
      return result;
    },
    async pull(cursor: number) {
      const response = await fetch(`${target.url}/api/sync/pull?cursor=${cursor}`, { headers: { authorization: `Bearer ${target.token}` } });
      return pullResponseSchema.parse(await response.json()).data;
    },
  };
}

/** A supergroup where the bot is administrator, once the product stored it: answers the channel record id. */
export async function promotedChannel(target: SyncTarget) {
  const owner = target.emulator.control.createUser({ first_name: 'Dono' });
  const chat = target.emulator.control.createChat({ type: 'supergroup', title: 'Bench', creatorId: owner.id });
  target.emulator.control.promoteBot({ chatId: chat.id, bot: target.botToken });
  for (let waited = 0; waited < 10_000; waited += 50) {
    const { channels } = await api<{ channels: Array<{ id: string }> }>(target.url, target.token, 'GET', `/bots/${target.botId}/channels`);
    if (channels[0]) return channels[0].id;
    await Bun.sleep(50);
  }
  throw new Error('channel never stored');
}
