import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { MigrationError, migrate, readMigrations } from './migrate.ts';

let db: TestDatabase;
const dirs: string[] = [];

/** A throwaway migrations folder: file name → SQL. */
function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'canalize-migrations-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const tableExists = async (name: string) =>
  (await db.sql`select to_regclass(${name}) is not null as present`)[0]?.present === true;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  test('a failing migration throws and leaves the database unchanged', async () => {
    const dir = migrationsDir({
      '0001_first.sql': 'create table mig_first (id int);',
      '0002_broken.sql': 'create table mig_second (id int);\nselect * from table_that_does_not_exist;',
    });
    const failure = await migrate(db.sql, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect(String(failure)).toContain('0002_broken');
    expect(await tableExists('mig_first')).toBe(false);
    expect(await tableExists('mig_second')).toBe(false);
    expect(await tableExists('schema_migrations')).toBe(false);
  });

  test('applies pending files in order, records them, and skips them next time', async () => {
    const dir = migrationsDir({
      '0002_second.sql': 'insert into mig_items (label) values (\'b\');',
      '0001_first.sql': 'create table mig_items (label text);\ninsert into mig_items (label) values (\'a\');',
    });
    expect(await migrate(db.sql, dir)).toEqual(['0001_first', '0002_second']);
    expect(await migrate(db.sql, dir)).toEqual([]);
    const labels = await db.sql<{ label: string }[]>`select label from mig_items order by label`;
    expect(labels.map((row) => row.label)).toEqual(['a', 'b']);
    const recorded = await db.sql<{ version: number; name: string; checksum: string }[]>`
      select version, name, checksum from schema_migrations order by version`;
    expect(recorded.map((row) => [row.version, row.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    expect(recorded[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  test('refuses a migration edited after it was applied', async () => {
    const dir = migrationsDir({
      '0001_first.sql': 'create table mig_items (label text, extra int);',
      '0002_second.sql': 'insert into mig_items (label) values (\'b\');',
    });
    await expect(migrate(db.sql, dir)).rejects.toThrow(/0001_first.*alterada/);
  });

  test('rejects badly named files', () => {
    const dir = migrationsDir({ 'first.sql': 'select 1;' });
    expect(() => readMigrations(dir)).toThrow(MigrationError);
  });
});

describe('the product migrations', () => {
  test('apply on a fresh database and are idempotent', async () => {
    const fresh = await createTestDatabase();
    try {
      const applied = await migrate(fresh.sql);
      expect(applied).toContain('0001_users');
      expect(applied).toContain('0002_bots_channels_flows');
      expect(await migrate(fresh.sql)).toEqual([]);
      const tables = await fresh.sql<{ name: string }[]>`
        select table_name as name from information_schema.tables where table_schema = 'public' order by 1`;
      expect(tables.map((row) => row.name)).toEqual(
        expect.arrayContaining(['users', 'refresh_tokens', 'login_throttle', 'bots', 'channels', 'flows']),
      );
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
