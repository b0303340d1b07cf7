/**
 * The real server (startServer, as index.ts) in a process of its own, for the broadcast crash test and bench:
 * `bun broadcast-server-process.ts <databaseUrl> <telegramApiRoot> <dataDir> <broadcastLeaseMs>`.
 * Prints "listening <url>" once it serves; with STATS_MS set, also "stats <rssBytes> <cpuUserMicros> <cpuSystemMicros>"
 * every STATS_MS ms, so a bench reads the server's own memory and CPU without attaching to it.
 */
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { startServer } from '../server.ts';

const [databaseUrl, apiRoot, dataDir, leaseMs] = process.argv.slice(2);
if (!databaseUrl || !apiRoot || !dataDir) throw new Error('usage: broadcast-server-process.ts <databaseUrl> <telegramApiRoot> <dataDir> [leaseMs]');
const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TELEGRAM_API_ROOT: apiRoot, LOG_LEVEL: 'warn', SKIP_CLIENT_BUILD: '1' });
const logger = createLogger('warn', (line) => process.stderr.write(`${line}\n`));
const server = await startServer(config, logger, {
  clientDistDir: `${dataDir}/no-client`,
  telegramRetry: { baseDelayMs: 20, maxDelayMs: 200 },
  ...(leaseMs ? { broadcastLeaseMs: Number(leaseMs) } : {}),
  // The access removal bench pairs the removals' pace with the emulator's flood limit.
  ...(process.env.REMOVAL_PER_SECOND ? { removalPace: { perSecond: Number(process.env.REMOVAL_PER_SECOND) } } : {}),
});
process.stdout.write(`listening ${server.url}\n`);
const statsMs = Number(process.env.STATS_MS ?? 0);
if (statsMs > 0) {
  setInterval(() => {
    const cpu = process.cpuUsage();
    process.stdout.write(`stats ${process.memoryUsage().rss} ${cpu.user} ${cpu.system}\n`);
  }, statsMs);
}
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
