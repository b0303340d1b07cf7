import { Elysia } from 'elysia';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../http/envelope.ts';

/** A database that does not answer within this time counts as down: a health probe must not hang. */
const DATABASE_TIMEOUT_MS = 2000;

/** Liveness that includes the database: the e2e web server and load balancers wait on this. */
export function healthRoutes(deps: { sql: Sql }) {
  return new Elysia().get('/health', async () => {
    if (!(await databaseAnswers(deps.sql))) throw new AppError('DATABASE_UNAVAILABLE', 503);
    return ok({ status: 'ok' as const, database: 'up' as const });
  });
}

async function databaseAnswers(sql: Sql): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  const probe = sql`select 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
