/**
 * Constant-time check of a hex HMAC a gateway sent (Kiwify: SHA-1 in `?signature=`; Eduzz: SHA-256 in
 * `x-signature`). The received text must be exactly the digest's length in hex, so the buffers compared are always
 * of equal length; an empty key proves nothing and never matches.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { unauthorized, type GatewayParseResult } from './result.ts';

const HEX_LENGTH = { sha1: 40, sha256: 64 } as const;
type Algorithm = keyof typeof HEX_LENGTH;

export function hexHmacMatches(algorithm: Algorithm, key: string, rawBody: string | Uint8Array, received: string): boolean {
  const candidate = received.trim();
  if (key === '' || !new RegExp(`^[0-9a-f]{${HEX_LENGTH[algorithm]}}$`, 'i').test(candidate)) return false;
  const expected = createHmac(algorithm, key).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(candidate, 'hex'));
}

/** The 401 answer for a delivery whose signature is absent or wrong, or undefined when it is authentic. */
export function hexSignatureFailure(
  algorithm: Algorithm,
  key: string,
  rawBody: string | Uint8Array,
  received: string | null | undefined,
): GatewayParseResult | undefined {
  if (key === '') return unauthorized(WEBHOOK_TEXTS.secretNotConfigured);
  if (received === null || received === undefined || received.trim() === '') return unauthorized(WEBHOOK_TEXTS.signatureMissing);
  return hexHmacMatches(algorithm, key, rawBody, received) ? undefined : unauthorized(WEBHOOK_TEXTS.signatureMismatch);
}
