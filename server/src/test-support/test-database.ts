/**
 * An isolated database per test file, on whichever engine the suite runs against:
 * - DATABASE_URL set (CI's second pass, a real PostgreSQL): a database with a random name on that server,
 *   dropped afterwards;
 * - otherwise: a fresh embedded PGlite in a temporary DATA_DIR, deleted afterwards.
 * Test code may read process.env directly: env.ts is the only reader for the product, not for its tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, createDatabase, type Database } from '../db/client.ts';

export type TestDatabase = Database & { dataDir: string; databaseUrl: string | undefined };

export const realPostgresUrl = (): string | undefined => process.env.DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-test-'));
  const adminUrl = realPostgresUrl();
  if (!adminUrl) {
    const db = await createDatabase({ databaseUrl: undefined, dataDir });
    return {
      ...db,
      dataDir,
      databaseUrl: undefined,
      async close() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `canalize_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = connect(adminUrl, 1);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 5);
  return {
    sql,
    mode: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    async close() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
