/**
 * Starts the real server (same startServer() as production) on port 0 over an isolated test database, with a
 * logger that keeps its lines for assertions. One per test file: a fresh PGlite takes a few seconds.
 */
import { loadConfig, type Config } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { startServer, type RunningServer, type StartOptions } from '../server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { createFakeGraph, type FakeGraph } from './fake-graph.ts';

export type TestServer = {
  url: string;
  config: Config;
  db: TestDatabase;
  server: RunningServer;
  logs: string[];
  /** The fake Graph endpoint META_GRAPH_URL points at, unless the caller's env chose one: tests never reach Meta. */
  graph: FakeGraph | undefined;
  api(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  stop(): Promise<void>;
};

/** Generous: the first PGlite of a run initialises a data directory (2–5 s on a small machine). */
export const SERVER_START_TIMEOUT_MS = 60_000;

export type TestServerOptions = Omit<StartOptions, 'db'> & {
  /** Environment overrides, e.g. TELEGRAM_API_ROOT pointing at an in-process emulator. */
  env?: Record<string, string>;
  /** Reuse a database (a restart); stop() then leaves it open for the caller to close. */
  database?: TestDatabase;
};

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { env, database, ...startOptions } = options;
  const db = database ?? (await createTestDatabase());
  const graph = env?.META_GRAPH_URL ? undefined : createFakeGraph();
  // Test files register many accounts from loopback; the registration throttle's own test lowers it again.
  const config = loadConfig({ PORT: '0', DATA_DIR: db.dataDir, LOG_LEVEL: 'debug', SKIP_CLIENT_BUILD: '1', REGISTRATIONS_PER_ADDRESS: '100000', ...(graph ? { META_GRAPH_URL: graph.url } : {}), ...env });
  const logs: string[] = [];
  const logger = createLogger('debug', (line) => logs.push(line));
  const server = await startServer(config, logger, {
    ...startOptions,
    db,
    clientDistDir: options.clientDistDir ?? `${db.dataDir}/no-client`,
  });
  return {
    url: server.url,
    config,
    db,
    server,
    logs,
    graph,
    api(path, init = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      return fetch(`${server.url}${path}`, {
        ...rest,
        headers,
        ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
      });
    },
    async stop() {
      await server.stop();
      await graph?.stop();
      if (!database) await db.close();
    },
  };
}
