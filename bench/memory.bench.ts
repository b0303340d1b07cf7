/**
 * The server's memory: RSS of `bun server/src/index.ts` (as in production, its own process) with one
 * user and one polling bot, on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, a throw-away database;
 * skipped when unreachable):
 * - idle: 5 s after it became healthy;
 * - under load: the peak, sampled every 100 ms, while 32 HTTP clients call `GET /api/auth/me` for 5 s and a sync
 *   client pushes 2 000 mutations beside them; then the RSS 5 s after the load ended.
 * The update path's own peak (50 bots, 20 000 joins) is printed by updates.bench.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchSyncClient, postgresReachable, promotedChannel, startSyncTarget, type SyncTarget } from './test-support/sync-server.ts';

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function pushLoad(target: SyncTarget, channelId: string) {
  const client = benchSyncClient(target);
  for (let sent = 0; sent < 2_000; sent += 100) {
    await client.push(Array.from({ length: 100 }, (_, n) => client.envelope('welcome.save', { channelId, welcome: { message: `Boas-vindas ${sent + n}` } })));
  }
}

async function measure(kind: 'embedded' | 'postgres') {
  const target = await startSyncTarget(kind);
  try {
    const channelId = await promotedChannel(target);
    await Bun.sleep(5_000);
    const idle = rssKb(target.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(target.pid))), 100);
    const load = Bun.spawn(['bun', path.join(import.meta.dir, 'test-support/load.ts'), `${target.url}/api/auth/me`, target.token, '32', '5'], { stdout: 'pipe', stderr: 'inherit' });
    await Promise.all([load.exited, pushLoad(target, channelId)]);
    const http = JSON.parse(await new Response(load.stdout).text()) as { rps: number };
    clearInterval(sampler);
    await Bun.sleep(5_000);
    console.log(
      `memory: ${target.label}: RSS ocioso ${mb(idle)}; sob carga (32 clientes HTTP, ${http.rps.toFixed(0)} req/s, + 2 000 mutações de sync) ` +
        `pico ${mb(peak)}; 5 s depois ${mb(rssKb(target.pid))}` + (kind === 'postgres' ? ' — meta ocioso < 150 MB' : ''),
    );
  } finally {
    await target.stop();
  }
}

await measure('embedded');
if (await postgresReachable()) await measure('postgres');
else console.log('memory: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
