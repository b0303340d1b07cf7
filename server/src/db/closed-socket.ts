/**
 * postgres.js can write to a socket PostgreSQL has just closed (a restart, a failover) from a deferred write outside
 * any query: a TypeError thrown from its connection code that no caller can catch. The connection is gone and the
 * pool reconnects on the next query, so that one error must not take the server down; every other uncaught error
 * still ends the process as before.
 */
import type { Logger } from '../lib/logger.ts';

export function isClosedSocketWrite(error: unknown): boolean {
  return error instanceof TypeError && /socket\.write/.test(error.message) && (error.stack ?? '').includes('postgres/src/connection.js');
}

export function surviveClosedDatabaseSockets(logger: Logger): void {
  process.on('uncaughtException', (error) => {
    if (isClosedSocketWrite(error)) {
      logger.warn('conexão com o banco fechada durante uma escrita; ela será refeita', { error });
      return;
    }
    logger.error('erro não tratado; encerrando', { error });
    process.exit(1);
  });
}
