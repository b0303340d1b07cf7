/**
 * Boot: configuration → client build → database (embedded unless DATABASE_URL) → migrations → HTTP.
 * Any failure here stops the process with a readable message instead of serving a half-working app.
 */
import { ConfigError, loadConfig } from './env.ts';
import { ensureClientBuild } from './boot/ensure-client-build.ts';
import { createLogger, redact } from './lib/logger.ts';
import { startServer } from './server.ts';
import { restrictNewFiles } from './lib/private-files.ts';
import { surviveClosedDatabaseSockets } from './db/closed-socket.ts';

const SHUTDOWN_DEADLINE_MS = 9_500;

async function main() {
  // Before anything is written under DATA_DIR (secrets.json is made by loadConfig).
  restrictNewFiles();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  surviveClosedDatabaseSockets(logger);
  if (!config.skipClientBuild) await ensureClientBuild(logger);
  const server = await startServer(config, logger);
  logger.info(`Canalize ouvindo em http://localhost:${server.port}`, {
    database: server.db.mode,
    dataDir: config.dataDir,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('encerrando', { signal });
    // A supervisor allows 10 s after SIGTERM (docs/decisions.md#scale-out); a stop that hangs must not outlive that.
    setTimeout(() => {
      logger.error('encerramento demorou demais; saindo assim mesmo');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await server.stop();
      process.exit(0);
    } catch (error) {
      logger.error('falha ao encerrar', { error });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(redact(`Falha ao iniciar o Canalize: ${message}`));
  process.exit(1);
});
