/**
 * One delivery's POST (docs/decisions.md#outgoing-webhooks). The destination is an operator's word reached from our
 * server, so its host passes the outbound-address guard at every delivery, not only when it was saved: a name that
 * resolved to a public address then may resolve to 127.0.0.1 now (DNS rebinding). The POST goes to the address the
 * guard checked, with the original Host header and, for https, the original name as SNI, so a second resolution
 * cannot swap it. Redirects are not followed (a 3xx to an internal address would walk around the guard). Only the
 * first RESPONSE_EXCERPT characters of an answer are read and kept.
 */
import { isIP } from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER } from '@shared/webhooks/events.ts';
import { checkTarget } from '../../lib/address-guard.ts';
import { sign, SIGNATURE_HEADER } from '../../lib/signature.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT = 500;

export type PostInput = { url: string; secret: string; eventId: string; type: string; body: string; allowPrivate: boolean; signal?: AbortSignal };

/** answered: the receiver's status; unreachable: no answer (network, timeout); refused: the guard said no. */
export type PostResult =
  | { kind: 'answered'; status: number; excerpt: string; retryAfterMs: number | undefined; durationMs: number }
  | { kind: 'unreachable'; error: string; durationMs: number }
  | { kind: 'refused'; error: string; durationMs: number };

export async function postDelivery(input: PostInput): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  const headers = new Headers({
    'content-type': 'application/json',
    'user-agent': 'Canalize-Webhooks/1.0',
    [SIGNATURE_HEADER]: sign(input.secret, input.body, new Date()),
    [WEBHOOK_EVENT_ID_HEADER]: input.eventId,
    [WEBHOOK_EVENT_TYPE_HEADER]: input.type,
  });
  let target = url;
  let tls: { serverName: string } | undefined;
  if (!input.allowPrivate) {
    const checked = await checkTarget(url.hostname).catch(() => undefined);
    if (!checked) return { kind: 'unreachable', error: 'Endereço não encontrado', durationMs: elapsed() };
    // Never which address it resolved to: that would map the private network for whoever sets the URL.
    if ('refused' in checked) return { kind: 'refused', error: 'Endereço não permitido (rede local ou privada)', durationMs: elapsed() };
    target = new URL(url);
    target.hostname = isIP(checked.address) === 6 ? `[${checked.address}]` : checked.address;
    headers.set('host', url.host);
    if (url.protocol === 'https:' && !isIP(url.hostname.replace(/^\[|\]$/g, ''))) tls = { serverName: url.hostname };
  }
  const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const response = await fetch(target, {
      method: 'POST', headers, body: input.body, redirect: 'manual',
      signal: input.signal ? AbortSignal.any([timeout, input.signal]) : timeout, ...(tls ? { tls } : {}),
    });
    const excerpt = await readExcerpt(response);
    return { kind: 'answered', status: response.status, excerpt, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()), durationMs: elapsed() };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { kind: 'unreachable', error: timedOut ? 'Sem resposta em 10 s' : 'Falha de conexão', durationMs: elapsed() };
  }
}

/** The answer's first characters; the rest is never read into memory. */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_EXCERPT * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks)).slice(0, RESPONSE_EXCERPT);
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  const value = header?.trim() ?? '';
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = value === '' ? Number.NaN : Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
