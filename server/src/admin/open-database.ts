/**
 * The database of an administration command, the one the server uses: DATABASE_URL, or the embedded one under
 * DATA_DIR. A running embedded server is reached through its socket (DATA_DIR/run), since PGlite's files belong to
 * one process at a time; with no server running the command opens the data directory itself and applies the
 * migrations, as the server would on start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { connect, createDatabase, type Database } from '../db/client.ts';
import { latestAppliedMigration, migrate } from '../db/migrate.ts';
import type { Config } from '../env.ts';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const socket = path.resolve(config.dataDir, 'run', '.s.PGSQL.5432');
  if (!config.databaseUrl && existsSync(socket)) {
    const sql = connect('postgres://postgres@localhost/postgres', 1, { path: socket });
    const reachable = await latestAppliedMigration(sql).then(() => true, () => false);
    if (reachable) return { sql, mode: 'embedded', close: () => sql.end({ timeout: 5 }) };
    await sql.end({ timeout: 0 });
  }
  const db = await createDatabase(config);
  await migrate(db.sql);
  return db;
}
