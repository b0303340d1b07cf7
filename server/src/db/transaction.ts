/**
 * Runs `work` atomically whatever `sql` is: the pool opens a transaction; an open transaction (the sync push
 * re-running a service as a named mutation) gets a savepoint, so a failing write leaves none of its statements
 * behind while the caller's own bookkeeping in the outer transaction stays intact.
 */
import type postgres from 'postgres';
import type { Queryable } from './client.ts';

type Types = { bigint: bigint };
type CanBegin = Queryable & Pick<postgres.Sql<Types>, 'begin'>;
type CanSavepoint = Queryable & Pick<postgres.TransactionSql<Types>, 'savepoint'>;

const canBegin = (sql: Queryable): sql is CanBegin => typeof Reflect.get(sql, 'begin') === 'function';
const canSavepoint = (sql: Queryable): sql is CanSavepoint => typeof Reflect.get(sql, 'savepoint') === 'function';

export async function inTransaction<T>(sql: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  if (canSavepoint(sql)) return (await sql.savepoint((tx) => work(tx))) as T;
  if (canBegin(sql)) return (await sql.begin((tx) => work(tx))) as T;
  return work(sql);
}
