/**
 * Probes for supervisors and load balancers (docs/decisions.md#scale-out):
 * - GET /api/health: liveness. The process serves HTTP; nothing else is asked, so a database outage does not get
 *   every instance restarted.
 * - GET /api/ready: this instance should get traffic: the database answers, the migrations this build ships are
 *   applied, and the server is not shutting down. 503 with the failure envelope otherwise.
 */
import { Elysia } from 'elysia';
import type { Sql } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { checkReady, type Readiness } from './service.ts';

export type { Readiness } from './service.ts';

export function healthRoutes(deps: { sql: Sql; readiness?: Readiness }) {
  return new Elysia()
    .get('/health', () => ok({ status: 'ok' as const }))
    .get('/ready', async () => {
      await checkReady(deps.sql, deps.readiness);
      return ok({ status: 'ready' as const, database: 'up' as const, migrations: 'done' as const });
    });
}
