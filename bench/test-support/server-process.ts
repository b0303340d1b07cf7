import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Starts `bun server/src/index.ts` as a user would and resolves once /api/health answers 200. */
export async function startServerProcess(options: { port: number; dataDir?: string; env?: Record<string, string> }) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'canalize-bench-'));
  const started = performance.now();
  const child = Bun.spawn(['bun', ...serverFlags(), 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(options.port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SKIP_CLIENT_BUILD: '1', REGISTRATIONS_PER_ADDRESS: '1000000', ...options.env },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await Bun.sleep(20);
  }
  const readyMs = performance.now() - started;
  return {
    url,
    dataDir,
    pid: child.pid,
    readyMs,
    async stop(removeData = !options.dataDir) {
      child.kill('SIGTERM');
      await child.exited;
      if (removeData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Extra `bun` flags for the server process, e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to
 * profile what a benchmark makes the server do (the profile is written when it exits on SIGTERM).
 */
export function serverFlags(): string[] {
  return (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
}
