/**
 * The embedded database: PGlite (PostgreSQL 18 in WebAssembly) persisted under DATA_DIR/pg, exposed on a Unix
 * socket so that the same postgres.js client talks to it as to a real server: one code path for both modes.
 * PGlite checks no password, so the socket is the lock: it lives in DATA_DIR/run, a directory only the server's
 * own user may enter (0700), never on a TCP port where any local user could connect (docs/decisions.md).
 * PGlite and its socket server run on a thread of their own (embedded-worker.ts, docs/decisions.md#embedded-worker):
 * a statement executing in WebAssembly does not stall the server's event loop, which only does socket I/O.
 *
 * Limits (docs/stack-notes.md#pglite): every connection shares ONE PGlite session through one queue, so an open transaction
 * blocks all others (keep them short); SET and temp tables leak between connections; no authentication (the
 * socket's directory permissions are the access control); LISTEN/NOTIFY is not delivered through the socket. The postgres.js pool must never exceed
 * maxConnections: a larger pool hangs forever under Bun. The server's own pool uses one connection (client.ts);
 * the socket accepts a few more for tools (benchmarks, psql) that connect beside it. The database thread is one
 * core at most: statements still run one at a time. If that thread dies the server exits with status 1
 * (EmbeddedOptions.onCrash): it is not restarted in place.
 *
 * Each round trip crosses threads, so strictly sequential queries pay for it; the server batches its writes (journal,
 * queue) instead (throughput and start-up times: bench/RESULTS.md#database, #startup). Plenty for one operator's
 * console; use DATABASE_URL beyond.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SerializedError, WorkerReply, WorkerRequest } from './embedded-worker.ts';

export const EMBEDDED_MAX_CONNECTIONS = 4;

/** sun_path holds 108 bytes on Linux (104 on macOS): a deeper DATA_DIR gets a private directory under /tmp. */
const MAX_SOCKET_PATH = 100;

/** How long stop() waits for the thread to end once PGlite is closed (it ends at once; this guards a hang). */
const TERMINATE_WAIT_MS = 2_000;

export type EmbeddedDatabase = {
  url: string;
  /** The Unix socket postgres.js connects through (its `path` option). */
  socketPath: string;
  maxConnections: number;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * The database thread died while running (an uncaught error, a WebAssembly abort): every query would fail from
   * then on. Default: say so on stderr and exit with status 1, so that a supervisor restarts the server (the data
   * directory is PostgreSQL's, with its WAL) instead of it serving errors, or hanging, without its database.
   */
  onCrash?: (error: Error) => void;
};

/** Bun's Worker (the DOM typings the project also loads lack `unref`). */
type BunWorker = Worker & { unref(): void };

const handles = new WeakMap<EmbeddedDatabase, Worker>();

export async function startEmbeddedDatabase(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const socket = privateSocketPath(dataDir);
  // PGlite and its socket server run on their own thread (embedded-worker.ts), so that a statement executing in
  // WebAssembly does not hold up this thread's event loop (docs/decisions.md#embedded-worker).
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url).href) as BunWorker;
  const onCrash = options.onCrash ?? exitOnCrash;
  let phase: 'starting' | 'running' | 'stopping' | 'stopped' = 'starting';
  /** The reply start() or stop() waits for; a death of the thread settles it too. */
  let waiting: { resolve(reply: WorkerReply): void; reject(error: Error): void } | undefined;
  let closed!: () => void;
  const threadEnded = new Promise<void>((resolve) => (closed = resolve));
  const died = (error: Error) => {
    if (phase === 'stopped') return;
    if (waiting) {
      waiting.reject(error);
      waiting = undefined;
    } else if (phase === 'running') {
      phase = 'stopped';
      // Whatever is left of the thread goes too: it must not keep the process alive, nor half-serve the socket.
      worker.terminate();
      worker.unref();
      socket.remove();
      onCrash(error);
    }
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    waiting?.resolve(event.data);
    waiting = undefined;
  });
  worker.addEventListener('error', (event) => {
    died(new Error(`o banco embutido falhou: ${event.message}`));
  });
  worker.addEventListener('close', () => {
    closed();
    died(new Error('o banco embutido parou inesperadamente'));
  });
  const ask = (request: WorkerRequest) =>
    new Promise<WorkerReply>((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(request);
    });
  const end = async () => {
    worker.terminate();
    // Never keep the process alive for a thread that is on its way out.
    worker.unref();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([threadEnded, new Promise((resolve) => (timer = setTimeout(resolve, TERMINATE_WAIT_MS)))]);
    clearTimeout(timer);
  };
  /** The thread and the socket go; nothing is left to answer. */
  const shutDown = async () => {
    phase = 'stopped';
    await end();
    socket.remove();
  };

  let started: WorkerReply;
  try {
    started = await ask({ type: 'start', dir, socketPath: socket.path, maxConnections: EMBEDDED_MAX_CONNECTIONS });
  } catch (error) {
    await shutDown();
    throw error;
  }
  if (started.type !== 'ready') {
    await shutDown();
    throw started.type === 'failed' ? deserialize(started.error) : new Error(`resposta inesperada: ${started.type}`);
  }
  phase = 'running';

  let stopping: Promise<void> | undefined;
  const handle: EmbeddedDatabase = {
    url: 'postgres://postgres@localhost/postgres',
    socketPath: socket.path,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
    stop() {
      stopping ??= (async () => {
        if (phase !== 'running') return; // crashed: nothing left to close
        phase = 'stopping';
        try {
          const reply = await ask({ type: 'stop' });
          if (reply.type === 'stop-failed') throw deserialize(reply.error);
        } finally {
          await shutDown();
        }
      })();
      return stopping;
    },
  };
  handles.set(handle, worker);
  return handle;
}

/** For the crash test: an uncaught error on the database thread, as a WebAssembly abort would raise. */
export function crashEmbeddedDatabaseForTest(database: EmbeddedDatabase) {
  handles.get(database)?.postMessage({ type: 'crash' } satisfies WorkerRequest);
}

function exitOnCrash(error: Error) {
  console.error(`Canalize: ${error.message}; encerrando (reinicie o servidor)`);
  process.exit(1);
}

function deserialize(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  if (serialized.stack) error.stack = serialized.stack;
  if (serialized.code) Object.assign(error, { code: serialized.code });
  return error;
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
