/**
 * The database handle the rest of the server uses: postgres.js over either a real PostgreSQL (DATABASE_URL) or
 * the embedded PGlite socket. `prepare: true` always: with several connections to PGlite, unprepared queries
 * can come back bound to another connection's statement (docs/stack-notes.md#pglite).
 */
import postgres from 'postgres';
import { startEmbeddedDatabase } from './embedded.ts';

export type Sql = postgres.Sql<{ bigint: bigint }>;
/**
 * What repositories and services take: the pool or an open transaction alike, so a write can run on its own
 * (REST route) or inside a caller's transaction (sync push, where the effect and the mutation id commit together).
 */
export type Queryable = postgres.ISql<{ bigint: bigint }>;

export type Database = {
  sql: Sql;
  mode: 'embedded' | 'postgres';
  close(): Promise<void>;
};

const REAL_POOL_MAX = 10;
const EMBEDDED_POOL_MAX = 1;

export async function createDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) {
    const sql = connect(config.databaseUrl, REAL_POOL_MAX);
    return { sql, mode: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedDatabase(config.dataDir);
  // ONE connection: PGlite runs every connection in one shared session, so a transaction opened on one connection
  // would swallow (and roll back, or break) the statements of the others. A single connection makes postgres.js
  // queue everything behind an open transaction instead. Consequence: code inside sql.begin() must only use its
  // transaction handle; a query on the pool there waits for the connection the transaction holds, forever.
  const sql = connect(embedded.url, EMBEDDED_POOL_MAX, { path: embedded.socketPath });
  return {
    sql,
    mode: 'embedded',
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}

/**
 * When PostgreSQL is away (a restart, a failover: docs/decisions.md#fault-matrix) postgres.js waits before each new
 * connection attempt, by default (0.5–1) × min(3^failures / 100, 20) s with the failures counted across the pool:
 * after a few seconds of an outage every query waited up to 20 s before even trying, so requests hung instead of
 * answering 503, and the server came back up to 20 s after the database. The same curve capped at 1 s here; a connection that
 * cannot be made in 5 s (an unreachable host) fails instead of hanging for postgres.js's 30 s.
 */
const reconnectBackoffSeconds = (failures: number) => (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, 1);
const CONNECT_TIMEOUT_SECONDS = 5;

/** `path`: a Unix socket instead of the URL's host and port (the embedded database). */
export function connect(url: string, max: number, options: { path?: string } = {}): Sql {
  return postgres(url, {
    max,
    backoff: reconnectBackoffSeconds,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    ...(options.path ? { path: options.path } : {}),
    prepare: true,
    onnotice: () => {},
    // bigint columns (Telegram ids) stay exact; callers turn them into strings for the API.
    types: { bigint: postgres.BigInt },
    connection: { application_name: 'canalize' },
  });
}
