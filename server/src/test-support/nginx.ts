/**
 * nginx in front of test instances, configured by the example of the operators' guide (docs/deploy.md, the
 * ```nginx block under "Several instances behind a load balancer"): the test runs the guide's configuration, so the
 * guide cannot drift from what was proven. Only what a test machine cannot have is changed: the upstream addresses
 * (each `server 10.0.0.x:3000 …;` line becomes one per instance, its parameters kept), the TLS listener (a plain
 * loopback port; `ssl_*` lines dropped) and the file paths (a temporary prefix). nginx runs as a child process in the
 * foreground (`daemon off`); undefined when no nginx binary is installed.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const GUIDE = path.join(import.meta.dir, '..', '..', '..', 'docs', 'deploy.md');

export type Nginx = { url: string; config: string; lines: string[]; stop(): Promise<void> };

export function nginxBinary(): string | undefined {
  return Bun.which('nginx') ?? Bun.which('nginx', { PATH: '/usr/sbin:/usr/local/sbin:/usr/local/nginx/sbin' }) ?? undefined;
}

/** The guide's nginx example, verbatim. */
export function guideNginxExample(): string {
  const guide = readFileSync(GUIDE, 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```nginx block');
  return block;
}

/** The guide's example with these upstreams (`host:port`) and a plain listener on `port`. */
export function adaptGuideConfig(example: string, upstreams: string[], port: number): string {
  const out: string[] = [];
  let upstreamDone = false;
  for (const line of example.split('\n')) {
    const server = /^(\s*)server\s+10\.0\.0\.\d+:\d+(.*)$/.exec(line);
    if (server) {
      if (!upstreamDone) out.push(...upstreams.map((address) => `${server[1]}server ${address}${server[2]}`));
      upstreamDone = true;
      continue;
    }
    if (/^\s*listen\s/.test(line)) {
      out.push(line.replace(/listen\s+[^;]*;/, `listen 127.0.0.1:${port};`));
      continue;
    }
    if (/^\s*ssl_/.test(line)) continue;
    out.push(line);
  }
  if (!upstreamDone) throw new Error('the guide example has no `server 10.0.0.x:3000` upstream lines');
  return out.join('\n');
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = probe.port ?? 0;
  await probe.stop(true);
  return port;
}

export async function startNginx(upstreams: string[]): Promise<Nginx | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), 'canalize-nginx-'));
  // Workers may run as an unprivileged user when the test runs as root: they must reach the temp paths.
  chmodSync(prefix, 0o755);
  for (const dir of ['logs', 'temp']) {
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const port = await freePort();
  const site = adaptGuideConfig(guideNginxExample(), upstreams, port);
  const config = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`),
    site,
    '}',
    '',
  ].join('\n');
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const child = Bun.spawn([binary, '-p', prefix, '-c', file], { stdout: 'pipe', stderr: 'pipe' });
  const lines: string[] = [];
  void (async () => {
    for await (const chunk of child.stderr) lines.push(...new TextDecoder().decode(chunk).split('\n').filter(Boolean));
  })();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${lines.join('\n')}\n${config}`);
    }
    await Bun.sleep(50);
  }
  return {
    url,
    config,
    lines,
    async stop() {
      child.kill('SIGQUIT');
      await Promise.race([child.exited, Bun.sleep(3_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
