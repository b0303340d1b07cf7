/**
 * The embedded database's own thread (a Bun Worker started by embedded.ts): PGlite and its socket server run here,
 * so a statement executing in WebAssembly blocks this thread's loop and not the server's, whose postgres.js
 * client only reads and writes the Unix socket. Messages: main → worker `start`, `stop`; worker → main `ready`,
 * `failed` (start did not complete: the error), `stopped` (PGlite closed cleanly; main then terminates the thread).
 */
import { chmodSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyTemplate } from './embedded-template.ts';

declare const self: Worker;

export type WorkerRequest =
  | { type: 'start'; dir: string; socketPath: string; maxConnections: number }
  | { type: 'stop' }
  /** An uncaught error on this thread, as a WebAssembly abort would raise: what the crash test sends. */
  | { type: 'crash' };

export type SerializedError = { message: string; stack?: string; code?: string };
export type WorkerReply = { type: 'ready' } | { type: 'failed'; error: SerializedError } | { type: 'stopped' } | { type: 'stop-failed'; error: SerializedError };

let running: { db: PGlite; server: PGLiteSocketServer } | undefined;

const reply = (message: WorkerReply) => self.postMessage(message);
const serialize = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { message: error.message, ...(error.stack ? { stack: error.stack } : {}), ...(typeof code === 'string' ? { code } : {}) };
};

async function start(dir: string, socketPath: string, maxConnections: number) {
  // pg_trgm backs the contact search index (migration 0420); PGlite ships it as a separately loaded extension.
  const extensions = { pg_trgm };
  // A new data directory is a copy of an initialised one rather than a fresh initdb (embedded-template.ts).
  if (readdirSync(dir).length === 0) await copyTemplate(dir, extensions);
  const db = await PGlite.create(dir, { extensions });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  try {
    await server.start();
    chmodSync(socketPath, 0o600);
  } catch (error) {
    await server.stop().catch(() => {});
    await db.close();
    throw error;
  }
  running = { db, server };
}

async function stop() {
  if (!running) return;
  const { db, server } = running;
  running = undefined;
  await server.stop();
  await db.close();
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'start') {
    start(request.dir, request.socketPath, request.maxConnections).then(
      () => reply({ type: 'ready' }),
      (error: unknown) => reply({ type: 'failed', error: serialize(error) }),
    );
  } else if (request.type === 'stop') {
    stop().then(
      () => reply({ type: 'stopped' }),
      (error: unknown) => reply({ type: 'stop-failed', error: serialize(error) }),
    );
  } else {
    setTimeout(() => {
      throw new Error('falha simulada no banco embutido');
    });
  }
};
