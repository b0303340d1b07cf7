/**
 * AES-256-GCM for secrets at rest (bot tokens, pixel access tokens, the web-push VAPID private key; docs/decisions.md#d-bots-channels, #web-push). The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url: versioned so the scheme can change without guessing.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export function encryptSecret(plain: string, key: Uint8Array): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Throws when the payload was tampered with or encrypted under another key (GCM authentication). */
export function decryptSecret(payload: string, key: Uint8Array): string {
  assertKey(key);
  const [version, iv, tag, body] = payload.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Formato de segredo cifrado inválido');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Deterministic digest for lookups (duplicate bot tokens, refresh tokens) without storing the secret. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A secret derived from the server key (e.g. a bot's webhook secret_token): nothing extra to store or rotate. */
export function deriveSecretHex(key: Uint8Array, purpose: string): string {
  assertKey(key);
  return createHmac('sha256', key).update(purpose).digest('hex');
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256Hex(a), 'hex');
  const right = Buffer.from(sha256Hex(b), 'hex');
  return timingSafeEqual(left, right) && a.length === b.length;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function assertKey(key: Uint8Array): void {
  if (key.length !== 32) throw new Error('A chave de criptografia deve ter 32 bytes');
}
