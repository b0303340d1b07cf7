/**
 * Versioned SQL migrations (db/migrations/NNNN_name.sql). All pending files are applied in ONE transaction under
 * an advisory lock: two servers booting together cannot both apply a file, and a failing file rolls back the
 * whole run so the database is left exactly as it was (the boot then stops). Applied files are recorded with a
 * checksum; editing a file that already ran is refused rather than silently ignored.
 * Several instances starting together on one PostgreSQL (docs/decisions.md#scale-out) queue on that lock: the first
 * applies the files, the others then find nothing pending. The embedded database takes the same lock (one process).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sha256Hex } from '../lib/crypto.ts';
import type { Sql } from './client.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dir, 'migrations');
/** Arbitrary constant shared by every Canalize process: "the migration lock". */
const MIGRATION_LOCK_KEY = 7_262_616_101_001n;
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export type Migration = { version: number; name: string; sql: string; checksum: string };

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.sql')).sort();
  const migrations = files.map((file) => {
    const match = FILE_NAME.exec(file);
    if (!match?.[1] || !match[2]) throw new MigrationError(`Nome de migração inválido: ${file} (esperado NNNN_nome.sql)`);
    const text = readFileSync(path.join(dir, file), 'utf8');
    return { version: Number(match[1]), name: match[2], sql: text, checksum: sha256Hex(text) };
  });
  migrations.forEach((migration, index) => {
    if (migrations[index - 1]?.version === migration.version) {
      throw new MigrationError(`Versão de migração duplicada: ${migration.version}`);
    }
  });
  return migrations;
}

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(sql: Sql, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`;
    const rows = await tx<{ version: number; name: string; checksum: string }[]>`
      select version, name, checksum from schema_migrations order by version`;
    const applied = new Map(rows.map((row) => [row.version, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.version);
      const label = `${String(migration.version).padStart(4, '0')}_${migration.name}`;
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new MigrationError(`A migração ${label} foi alterada depois de aplicada (checksum diferente)`);
        }
        continue;
      }
      try {
        // Simple protocol: a migration file holds several statements and returns no rows.
        await tx.unsafe(migration.sql).simple();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`Falha na migração ${label}: ${reason}`, { cause: error });
      }
      await tx`
        insert into schema_migrations (version, name, checksum)
        values (${migration.version}, ${migration.name}, ${migration.checksum})`;
      done.push(label);
    }
    return done;
  });
}

let shipped: number | undefined;

/** The newest migration this build ships (its files are read once). */
export function latestShippedMigration(): number {
  shipped ??= readMigrations().at(-1)?.version ?? 0;
  return shipped;
}

/** The newest migration applied to the database (GET /api/ready; the server creates the table before it serves). */
export async function latestAppliedMigration(sql: Sql): Promise<number> {
  const rows = await sql<{ version: number | null }[]>`select max(version) as version from schema_migrations`;
  return rows[0]?.version ?? 0;
}
