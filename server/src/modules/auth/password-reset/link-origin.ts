/**
 * Where a reset link points. A link carries a working token to someone's mailbox, so its address must never come
 * from what a request claims: a stranger asking a reset for a victim with `Host: evil.example` would otherwise mail
 * the victim a link to the stranger's server. PUBLIC_URL when set; without it, the request's own address only when
 * that is this machine's (localhost, a loopback or interface address) on the port the server listens on, so the link
 * leads back here whoever asked. Otherwise no link can be built and the reset is unavailable.
 */
import { networkInterfaces } from 'node:os';
import { isValidHost } from '../../../http/host-gate.ts';

export function linkOrigin(publicUrl: string | undefined, request: Request, listeningPort: number | undefined): string | undefined {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = request.headers.get('host');
  if (!host || !isValidHost(host) || listeningPort === undefined) return undefined;
  const url = new URL(`http://${host}/`);
  if (Number(url.port || 80) !== listeningPort || !isOwnAddress(url.hostname.replace(/^\[|\]$/g, ''))) return undefined;
  return `http://${url.host}`;
}

function isOwnAddress(hostname: string): boolean {
  const name = hostname.toLowerCase();
  if (name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)) return true;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.address.toLowerCase() === name));
}
