/**
 * One POST to a push service (docs/decisions.md#web-push). The endpoint is a user's word, so its host passes the
 * outbound-address guard (lib/address-guard.ts) and the POST goes to the address that was checked: a name
 * resolving elsewhere a second time cannot swap it. PUSH_ALLOW_LOOPBACK lets loopback endpoints through (a local
 * fake push service in tests).
 */
import type webpush from 'web-push';
import { isIP } from 'node:net';
import { checkTarget } from '../../lib/address-guard.ts';
import { isLoopbackHost } from '../../modules/push/service.ts';

export const PUSH_TIMEOUT_MS = 10_000;
/** Pushes in a row whose endpoint's host name does not resolve before the subscription counts as gone. */
export const PUSH_UNRESOLVED_MAX_TRIES = 5;

export type PushRequest = ReturnType<typeof webpush.generateRequestDetails>;

/** The push service's status (with its Retry-After), or `refused` when the endpoint's address is internal. */
export type PushAnswer = { status: number | 'refused'; retryAfter?: string | null };

export async function postPush(request: PushRequest, allowLoopback: boolean, stop: AbortSignal): Promise<PushAnswer> {
  const url = new URL(request.endpoint);
  const headers = new Headers(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  let target = url;
  let tls: { serverName: string } | undefined;
  if (!(allowLoopback && isLoopbackHost(url.hostname))) {
    const checked = await checkTarget(url.hostname);
    if ('refused' in checked) return { status: 'refused' };
    target = new URL(url);
    target.hostname = isIP(checked.address) === 6 ? `[${checked.address}]` : checked.address;
    headers.set('host', url.host);
    if (!isIP(url.hostname.replace(/^\[|\]$/g, ''))) tls = { serverName: url.hostname };
  }
  const response = await fetch(target, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.any([AbortSignal.timeout(PUSH_TIMEOUT_MS), stop]),
    ...(tls ? { tls } : {}),
  });
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
