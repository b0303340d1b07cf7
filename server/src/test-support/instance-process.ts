/**
 * A Canalize instance as an operator runs it: `bun server/src/index.ts` in a process of its own, configured by its
 * environment only, for the multi-instance tests (docs/decisions.md#scale-out). Its JSON log lines are kept (stdout
 * and stderr) so a test can read its address, its polling instance id and what it logged; SIGTERM and SIGKILL are
 * the real signals.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INDEX = path.join(import.meta.dir, '..', 'index.ts');

export type InstanceProcess = {
  name: string;
  pid: number;
  url: string;
  /** The polling lease's instance id (bot_polling.owner). */
  instanceId: string;
  lines: string[];
  exited: Promise<number>;
  api(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  signal(signal: 'SIGTERM' | 'SIGKILL'): void;
  cleanup(): void;
};

/** `databaseUrl` undefined: the embedded database in the instance's own DATA_DIR. */
export type InstanceEnv = {
  databaseUrl: string | undefined;
  telegramApiRoot: string;
  jwtSecret: string;
  encryptionKeyHex: string;
  /** More variables (PUBLIC_URL for webhook mode…). */
  extra?: Record<string, string>;
};

/** What instances sharing one database must share: its URL, the Telegram API, fresh secrets (same for all of them). */
export function sharedInstanceEnv(
  databaseUrl: string | undefined,
  telegramApiRoot: string,
  extra?: Record<string, string>,
  encryptionKeyHex: string = randomBytes(32).toString('hex'),
): InstanceEnv {
  return { databaseUrl: databaseUrl ?? '', telegramApiRoot, jwtSecret: randomBytes(24).toString('hex'), encryptionKeyHex, ...(extra ? { extra } : {}) };
}

type LogLine = { msg?: string; instanceId?: string };

/** `dataDir`: the caller's (a restart on the same data directory), kept by cleanup(); else a fresh one, removed by it. */
export async function startInstance(name: string, env: InstanceEnv, timeoutMs = 60_000, dataDir?: string): Promise<InstanceProcess> {
  const ownDataDir = dataDir === undefined;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), `canalize-${name}-`));
  const child = Bun.spawn(['bun', INDEX], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dir,
      DATABASE_URL: env.databaseUrl ?? '',
      TELEGRAM_API_ROOT: env.telegramApiRoot,
      JWT_SECRET: env.jwtSecret,
      ENCRYPTION_KEY: env.encryptionKeyHex,
      LOG_LEVEL: 'info',
      SKIP_CLIENT_BUILD: '1',
      REGISTRATIONS_PER_ADDRESS: '100000',
      ...env.extra,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const lines: string[] = [];
  let url: string | undefined;
  let instanceId: string | undefined;
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const parsed = parseLine(line);
        const listening = /ouvindo em (http:\/\/\S+)/.exec(parsed?.msg ?? '');
        if (listening?.[1]) url = listening[1];
        if (parsed?.msg === 'instância de polling iniciada' && parsed.instanceId) instanceId = parsed.instanceId;
      }
    }
  };
  void read(child.stdout);
  void read(child.stderr);
  const exited = child.exited;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | undefined;
  void exited.then((code) => (exitCode = code));
  while (!url || !instanceId) {
    if (exitCode !== undefined) throw new Error(`${name} exited with ${exitCode}:\n${lines.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start in ${timeoutMs} ms:\n${lines.join('\n')}`);
    }
    await Bun.sleep(20);
  }
  const base = url;
  return {
    name,
    pid: child.pid,
    url: base,
    instanceId,
    lines,
    exited,
    api(pathname, init = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      return fetch(`${base}${pathname}`, { ...rest, headers, ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}) });
    },
    signal: (signal) => child.kill(signal),
    cleanup() {
      if (exitCode === undefined) child.kill('SIGKILL');
      if (ownDataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function parseLine(line: string): LogLine | undefined {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return undefined;
  }
}

/** SIGTERM to every instance still running, up to 10 s for each to exit, then their data removed. */
export async function stopInstances(instances: InstanceProcess[]): Promise<void> {
  for (const instance of instances) {
    try {
      instance.signal('SIGTERM');
    } catch {
      // already gone
    }
  }
  await Promise.all(instances.map((instance) => Promise.race([instance.exited, Bun.sleep(10_000)])));
  for (const instance of instances) instance.cleanup();
}
