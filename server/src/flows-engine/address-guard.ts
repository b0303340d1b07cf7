/**
 * SSRF guard for http_request (decisions §5): a flow is written by an operator but runs on our server, so by
 * default it may not reach loopback, private, link-local or otherwise internal addresses. Every address the
 * name resolves to is checked (a name with one public and one private address is refused).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export async function refusedAddress(hostname: string): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  return addresses.find(isInternal);
}

export function isInternal(address: string): boolean {
  if (isIP(address) === 4) return isInternalV4(address);
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isInternalV4(mapped[1]);
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

function isInternalV4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}
