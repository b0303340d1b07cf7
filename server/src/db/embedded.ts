/**
 * The embedded database: PGlite (PostgreSQL 18 in WebAssembly) persisted under DATA_DIR/pg, exposed on a Unix
 * socket so that the same postgres.js client talks to it as to a real server: one code path for both modes.
 * PGlite checks no password, so the socket is the lock: it lives in DATA_DIR/run, a directory only the server's
 * own user may enter (0700), never on a TCP port where any local user could connect (docs/decisions.md).
 *
 * Limits (docs/stack-notes.md#pglite): every connection shares ONE PGlite session through one queue, so an open transaction
 * blocks all others (keep them short); SET and temp tables leak between connections; no authentication (the
 * socket's directory permissions are the access control); LISTEN/NOTIFY is not delivered through the socket. The postgres.js pool must never exceed
 * maxConnections: a larger pool hangs forever under Bun. The server's own pool uses one connection (client.ts);
 * the socket accepts a few more for tools (benchmarks, psql) that connect beside it.
 *
 * Measured through postgres.js on a 2-core machine (same script, real PostgreSQL 15 in brackets): ~3,000 sequential
 * single-row inserts/s [~2,500], ~8,300 concurrent point selects/s over 4 connections [~20,000]; first start of a
 * new data dir 2–5 s (initdb; ~0.3 s once embedded-template.ts has a template), later starts ~0.5 s. Plenty for one operator's console; use DATABASE_URL beyond.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyTemplate } from './embedded-template.ts';

export const EMBEDDED_MAX_CONNECTIONS = 4;

/** sun_path holds 108 bytes on Linux (104 on macOS): a deeper DATA_DIR gets a private directory under /tmp. */
const MAX_SOCKET_PATH = 100;

export type EmbeddedDatabase = {
  url: string;
  /** The Unix socket postgres.js connects through (its `path` option). */
  socketPath: string;
  maxConnections: number;
  stop(): Promise<void>;
};

export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  // pg_trgm backs the contact search index (migration 0420); PGlite ships it as a separately loaded extension.
  const extensions = { pg_trgm };
  // A new data directory is a copy of an initialised one rather than a fresh initdb (embedded-template.ts).
  if (readdirSync(dir).length === 0) await copyTemplate(dir, extensions);
  const db = await PGlite.create(dir, { extensions });
  const socket = privateSocketPath(dataDir);
  const server = new PGLiteSocketServer({ db, path: socket.path, maxConnections: EMBEDDED_MAX_CONNECTIONS });
  try {
    await server.start();
    chmodSync(socket.path, 0o600);
  } catch (error) {
    await db.close();
    socket.remove();
    throw error;
  }
  let stopped = false;
  return {
    url: 'postgres://postgres@localhost/postgres',
    socketPath: socket.path,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      socket.remove();
    },
  };
}

/** A socket path inside a directory only this user may enter; a stale socket of a crashed run is replaced. */
function privateSocketPath(dataDir: string): { path: string; remove(): void } {
  const runDir = path.resolve(dataDir, 'run');
  const preferred = path.join(runDir, '.s.PGSQL.5432');
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH) {
    mkdirSync(runDir, { recursive: true, mode: 0o700 });
    chmodSync(runDir, 0o700); // mkdir's mode does not apply to a directory that already existed
    rmSync(preferred, { force: true });
    return { path: preferred, remove: () => rmSync(preferred, { force: true }) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'canalize-pg-')); // created 0700
  return { path: path.join(dir, '.s.PGSQL.5432'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
