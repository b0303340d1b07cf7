/**
 * The embedded database's limits next to a real PostgreSQL, through the same postgres.js client the server uses:
 * sequential single-row inserts, concurrent point selects over the whole pool, and a 10 000-row bulk insert.
 * PostgreSQL is measured when BENCH_DATABASE_URL is set or a local server answers on the default URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, createDatabase, type Database } from '../server/src/db/client.ts';

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://canalize:canalize@127.0.0.1:5432/postgres';

async function measure(label: string, db: Database, pool: number) {
  const { sql } = db;
  await sql`drop table if exists bench_rows`;
  await sql`create table bench_rows (id serial primary key, user_id uuid not null, body text not null)`;
  const user = crypto.randomUUID();
  const inserts = 2000;
  let started = performance.now();
  for (let i = 0; i < inserts; i++) await sql`insert into bench_rows (user_id, body) values (${user}, ${`row ${i}`})`;
  const insertRate = inserts / ((performance.now() - started) / 1000);

  const selects = 10_000;
  let next = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: pool }, async () => {
      while (next < selects) {
        const id = (next++ % inserts) + 1;
        await sql`select body from bench_rows where id = ${id} and user_id = ${user}`;
      }
    }),
  );
  const selectRate = selects / ((performance.now() - started) / 1000);

  const rows = Array.from({ length: 10_000 }, (_, i) => ({ user_id: user, body: `bulk ${i}` }));
  started = performance.now();
  await sql`insert into bench_rows ${sql(rows)}`;
  const bulkMs = performance.now() - started;
  await sql`drop table bench_rows`;
  console.log(
    `database: ${label}: ${insertRate.toFixed(0)} inserts/s sequenciais, ${selectRate.toFixed(0)} selects/s com ${pool} conexões, ` +
      `10 000 linhas em lote em ${bulkMs.toFixed(0)} ms`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-db-'));
const embedded = await createDatabase({ databaseUrl: undefined, dataDir });
await measure('embutido (PGlite, 4 conexões no máximo)', embedded, 4);
await embedded.close();
rmSync(dataDir, { recursive: true, force: true });

const probe = connect(pgUrl, 1);
const reachable = await probe`select 1`.then(() => true, () => false);
await probe.end({ timeout: 1 });
if (reachable) {
  const real = { sql: connect(pgUrl, 10), mode: 'postgres' as const, close: async () => {} };
  await measure('PostgreSQL', real, 10);
  await real.sql.end({ timeout: 5 });
} else {
  console.log('database: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
}
