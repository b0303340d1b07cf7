/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting, refusing connections,
 * out of connection slots) rather than a fault of the request or of our code. Such a failure answers 503
 * DATABASE_UNAVAILABLE (docs/decisions.md#scale-out): the client may retry, a load balancer looks at /api/ready,
 * and postgres.js reconnects by itself on the next query once PostgreSQL is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  // postgres.js's own
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
]);
/** SQLSTATE: admin/crash shutdown, cannot connect now (starting up or shutting down), too many connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code !== 'string') continue;
    // Class 08: connection exceptions.
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
