import type { Sql } from '../../db/client.ts';
import { latestAppliedMigration } from '../../db/migrate.ts';

/** A database that does not answer within this time counts as down: a probe must not hang. */
const DATABASE_TIMEOUT_MS = 2000;

/** The newest migration recorded in the database (0 before any), or undefined when the database does not answer. */
export async function appliedMigration(sql: Sql): Promise<number | undefined> {
  const answer = await withinTimeout(latestAppliedMigration(sql).catch(() => undefined));
  return answer === false ? undefined : answer;
}

async function withinTimeout<T>(probe: Promise<T>): Promise<T | false> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
