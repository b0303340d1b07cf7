import type { Queryable } from './client.ts';

/**
 * A value as a jsonb parameter. Never `${JSON.stringify(x)}::jsonb`: with prepared statements postgres.js learns
 * the parameter is jsonb and stringifies again, storing a JSON *string*. The round trip through JSON also drops
 * undefined fields and gives sql.json the JSONValue type it wants without a cast.
 */
export const jsonb = (sql: Queryable, value: unknown) => sql.json(JSON.parse(JSON.stringify(value ?? null)));
