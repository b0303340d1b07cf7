/**
 * The embedded database: PGlite (PostgreSQL 18 in WebAssembly) persisted under DATA_DIR/pg, exposed on a loopback
 * socket so that the same postgres.js client talks to it as to a real server: one code path for both modes.
 *
 * Limits (docs/stack-notes.md#pglite): every connection shares ONE PGlite session through one queue, so an open transaction
 * blocks all others (keep them short); SET and temp tables leak between connections; no authentication (loopback
 * only); LISTEN/NOTIFY is not delivered through the socket. The postgres.js pool must never exceed
 * maxConnections: a larger pool hangs forever under Bun. The server's own pool uses one connection (client.ts);
 * the socket accepts a few more for tools (benchmarks, psql) that connect beside it.
 *
 * Measured through postgres.js on a 2-core machine (same script, real PostgreSQL 15 in brackets): ~3,000 sequential
 * single-row inserts/s [~2,500], ~8,300 concurrent point selects/s over 4 connections [~20,000]; first start of a
 * new data dir 2–5 s (initdb), later starts ~0.5 s. Plenty for one operator's console; use DATABASE_URL beyond.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const EMBEDDED_MAX_CONNECTIONS = 4;

export type EmbeddedDatabase = {
  url: string;
  maxConnections: number;
  stop(): Promise<void>;
};

export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  // pg_trgm backs the contact search index (migration 0420); PGlite ships it as a separately loaded extension.
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
  await server.start();
  const hostPort = server.getServerConn();
  let stopped = false;
  return {
    url: `postgres://postgres@${hostPort}/postgres`,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
