/**
 * The client address that rate limits count by. Without TRUST_PROXY it is the socket's peer; behind a reverse
 * proxy (TRUST_PROXY=1) it is the last X-Forwarded-For entry, the one the proxy itself appended: entries before
 * it come from the client and can say anything. IPv4-mapped IPv6 is folded into IPv4, and IPv6 is reduced to
 * its /64, since one subscriber usually holds a whole /64.
 */
import type { Server } from 'bun';

const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

export function clientAddress(request: Request, server: Pick<Server<unknown>, 'requestIP'> | null, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  const raw = forwarded && ADDRESS.test(forwarded) ? forwarded : server?.requestIP(request)?.address;
  return raw ? normalizeAddress(raw) : 'unknown';
}

export function normalizeAddress(raw: string): string {
  const address = raw.split('%')[0]?.toLowerCase() ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
