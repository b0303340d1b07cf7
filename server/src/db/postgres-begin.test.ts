/**
 * postgres.js 3.4.9 skipped `sql.begin()`'s connection reservation when BEGIN filled the connection's pipeline
 * (porsager/postgres#1189): the transaction's queries then crashed (`c.queue` of undefined) or ran outside it. The
 * contact journal's per-flush transaction (docs/decisions.md#scale-out) met it under load on the embedded database;
 * patches/postgres@3.4.9.patch runs the reservation whenever BEGIN was written. `max_pipeline: 1` makes every BEGIN
 * fill the pipeline: without the patch each of these transactions fails. PostgreSQL pass (a URL to connect to).
 */
import { describe, expect, test } from 'bun:test';
import postgres from 'postgres';
import { realPostgresUrl } from '../test-support/test-database.ts';

const url = realPostgresUrl();

describe.skipIf(!url)('transactions on a full pipeline (patched postgres.js)', () => {
  test('BEGIN that fills the pipeline still reserves its connection: the work commits, other queries stay outside', async () => {
    // max_pipeline is a postgres.js option its typings leave out.
    const options = { max: 1, max_pipeline: 1, onnotice: () => undefined };
    const sql = postgres(url ?? '', options);
    try {
      const table = `begin_patch_${crypto.randomUUID().replaceAll('-', '')}`;
      await sql`create table if not exists ${sql(table)} (n int)`;
      // A query in flight first, so each BEGIN is pipelined behind one and fills the pipeline.
      const outside = sql`select pg_sleep(0.05)`.execute();
      const results = await Promise.all([
        sql.begin(async (tx) => {
          await tx`insert into ${sql(table)} values (1)`;
          // The insert gave the transaction an id; a statement outside any transaction would have none.
          return (await tx<{ inside: boolean }[]>`select txid_current_if_assigned() is not null as inside`)[0]?.inside;
        }),
        outside,
        sql.begin((tx) => tx`insert into ${sql(table)} values (2)`),
      ]);
      expect(results[0]).toBe(true);
      expect((await sql<{ n: number }[]>`select n from ${sql(table)} order by n`).map((row) => row.n)).toEqual([1, 2]);
      await sql`drop table ${sql(table)}`;
    } finally {
      await sql.end({ timeout: 2 });
    }
  });
});
