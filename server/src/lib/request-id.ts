import { randomUUID } from 'node:crypto';

/** Header that carries the id both ways: a proxy's id is kept so logs correlate across hops. */
export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
