/**
 * A throw-away PostgreSQL cluster of the test's own (initdb into a temporary directory, its own postmaster on a free
 * loopback port), so a test can stop and start the database under a running server without touching the cluster
 * other work uses. PostgreSQL refuses to run as root: as root (CI on this machine) every PostgreSQL command runs as
 * the `postgres` OS user through `runuser`, and the directory is handed to that user; as anyone else, as that user.
 * Binaries: PG_BIN, else Debian's /usr/lib/postgresql/<newest>/bin. `available()` says whether this machine can
 * run one (the binaries exist, and as root a `postgres` user exists).
 */
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type PrivatePostgres = {
  /** postgres://…/postgres of a superuser without password (trust on loopback). */
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

const isRoot = process.getuid?.() === 0;

function binDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((version) => path.join(root, version, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  return found;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const passwd = Bun.spawnSync(['getent', 'passwd', 'postgres']).stdout.toString().trim();
  const [, , uid, gid] = passwd.split(':');
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

export function privatePostgresAvailable(): boolean {
  return binDir() !== undefined && (!isRoot || postgresUser() !== undefined);
}

async function run(command: string[]): Promise<void> {
  const full = isRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  const child = Bun.spawn(full, { stdout: 'pipe', stderr: 'pipe', cwd: tmpdir() });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}:\n${out}\n${err}`);
}

function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (set PG_BIN)');
  const dir = mkdtempSync(path.join(tmpdir(), 'canalize-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) {
    const owner = postgresUser();
    if (!owner) throw new Error('running as root needs a postgres OS user to run PostgreSQL');
    chownSync(dir, owner.uid, owner.gid);
  }
  const port = freePort();
  await run([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pgCtl = (...args: string[]) => run([path.join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '30', ...args]);
  const start = () => pgCtl('-o', options, '-l', path.join(dir, 'log'), 'start');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    // Fast shutdown: PostgreSQL ends every session, as a restart by an operator (or a failover) does.
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start,
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
