import type { Sql } from '../../db/client.ts';
import { latestShippedMigration } from '../../db/migrate.ts';
import { AppError } from '../../lib/errors.ts';
import { appliedMigration } from './repository.ts';

export type Readiness = { stopping: boolean };

/** Throws the 503 a load balancer should see, or returns when this instance may get traffic. */
export async function checkReady(sql: Sql, readiness: Readiness | undefined): Promise<void> {
  if (readiness?.stopping) throw new AppError('SERVER_STOPPING', 503);
  const applied = await appliedMigration(sql);
  if (applied === undefined) throw new AppError('DATABASE_UNAVAILABLE', 503);
  if (applied < latestShippedMigration()) throw new AppError('MIGRATIONS_PENDING', 503);
}
