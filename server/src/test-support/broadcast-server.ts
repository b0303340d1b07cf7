/**
 * Spawns test-support/broadcast-server-process.ts (the real server in a child process) and follows its stdout:
 * the URL once it listens, then its memory and CPU stats lines. For the broadcast kill -9 test and bench.
 */
import path from 'node:path';
import type { TestServer } from './start-test-server.ts';

export type ServerChild = {
  url: string;
  pid: number;
  /** Latest "stats" line: RSS bytes, CPU user and system µs (STATS_MS must be set). */
  stats: { rss: number; user: number; system: number } | undefined;
  api: TestServer['api'];
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
};

export async function spawnServerChild(options: { databaseUrl: string; apiRoot: string; dataDir: string; leaseMs?: number; statsMs?: number }): Promise<ServerChild> {
  const script = path.join(import.meta.dir, 'broadcast-server-process.ts');
  const child = Bun.spawn(['bun', script, options.databaseUrl, options.apiRoot, options.dataDir, String(options.leaseMs ?? '')], {
    env: { ...process.env, STATS_MS: String(options.statsMs ?? 0) },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  let resolveUrl: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => (resolveUrl = resolve));
  const handle: ServerChild = {
    url: '',
    pid: child.pid,
    stats: undefined,
    api(apiPath, init = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      return fetch(`${handle.url}${apiPath}`, { ...rest, headers, ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}) });
    },
    async kill(signal) {
      child.kill(signal);
      await child.exited;
    },
  };
  void (async () => {
    let buffered = '';
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      buffered += decoder.decode(chunk);
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.startsWith('listening ')) resolveUrl(line.slice('listening '.length));
        if (line.startsWith('stats ')) {
          const [rss, user, system] = line.slice(6).split(' ').map(Number);
          handle.stats = { rss: rss ?? 0, user: user ?? 0, system: system ?? 0 };
        }
      }
    }
  })();
  const url = await Promise.race([listening, child.exited.then((code) => Promise.reject(new Error(`server child exited with ${code}`)))]);
  handle.url = url;
  return handle;
}
