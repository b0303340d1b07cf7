/**
 * Starts a complete server (database, migrations, HTTP) from a Config: used by index.ts and by the integration
 * tests, so the tests exercise the same start path as production.
 */
import { createApp } from './app.ts';
import type { Config } from './env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createNotifier, type Notifier } from './db/notify.ts';
import type { Logger } from './lib/logger.ts';

export type RunningServer = {
  url: string;
  port: number;
  db: Database;
  notifier: Notifier;
  stop(): Promise<void>;
};

export async function startServer(
  config: Config,
  logger: Logger,
  options: { clientDistDir?: string; db?: Database } = {},
): Promise<RunningServer> {
  const db = options.db ?? (await createDatabase(config));
  try {
    const applied = await migrate(db.sql);
    if (applied.length > 0) logger.info('migrações aplicadas', { applied });
    const notifier = await createNotifier(db, logger);
    const app = createApp({ config, db, logger, clientDistDir: options.clientDistDir }).listen({
      port: config.port,
      hostname: '0.0.0.0',
    });
    const port = app.server?.port ?? config.port;
    let stopped = false;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      notifier,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.stop();
        await notifier.close();
        if (!options.db) await db.close();
      },
    };
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
}
