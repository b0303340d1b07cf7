/**
 * The product's webhook signature: `X-Canalize-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * It authenticates the generic purchase webhook a plan receives and the webhooks the product sends. The timestamp is
 * inside the signed text, so a captured delivery cannot be replayed later with a fresh `t`; a delivery whose `t` is
 * more than the tolerance away from our clock (either way) is refused. Several `v1=` entries may be present (the
 * sender signs with the old and the new secret while a secret is rotated) and the receiver may hold several secrets;
 * one match is enough. Every comparison is constant-time on equal-length digests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Canalize-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureFailure = 'missing' | 'malformed' | 'mismatch' | 'replay';
export type SignatureCheck = { ok: true } | { ok: false; reason: SignatureFailure };

const DIGEST_HEX = /^[0-9a-f]{64}$/i;
const TIMESTAMP = /^\d{1,12}$/;

const unixSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

function digest(secret: string, timestamp: string, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The header value for `rawBody` sent at `now`; one `v1=` per secret (first the current one). */
export function sign(secrets: string | readonly string[], rawBody: string | Uint8Array, now: Date): string {
  const timestamp = String(unixSeconds(now));
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestamp}`, ...list.map((secret) => `v1=${digest(secret, timestamp, rawBody).toString('hex')}`)].join(',');
}

type ParsedHeader = { timestamp: string; candidates: Buffer[] };

function parseHeader(header: string): ParsedHeader | undefined {
  let timestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !TIMESTAMP.test(value)) return undefined;
      timestamp = value;
    } else if (key === 'v1' && DIGEST_HEX.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || candidates.length === 0) return undefined;
  return { timestamp, candidates };
}

/**
 * Checks a received header against the raw body (the exact bytes received: a re-serialized JSON changes them).
 * The digest is compared before the clock, so a forger learns nothing about the timestamp rule.
 */
export function verify(
  secrets: string | readonly string[],
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === null || header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const list = (typeof secrets === 'string' ? [secrets] : secrets).filter((secret) => secret.length > 0);
  let matched = false;
  for (const secret of list) {
    const expected = digest(secret, parsed.timestamp, rawBody);
    // Every candidate is compared (no early exit), so the time spent does not say which one matched.
    for (const candidate of parsed.candidates) {
      if (timingSafeEqual(expected, candidate)) matched = true;
    }
  }
  if (!matched) return { ok: false, reason: 'mismatch' };
  if (Math.abs(unixSeconds(now) - Number(parsed.timestamp)) > toleranceSeconds) return { ok: false, reason: 'replay' };
  return { ok: true };
}
