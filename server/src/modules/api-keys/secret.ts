/**
 * Making and recognising key secrets: API_KEY_PREFIX and 33 base62 characters drawn without bias (bytes ≥ 248 are
 * redrawn, so each of the 62 characters is equally likely). Stored as SHA-256: the secret carries ~196 random bits,
 * so no dictionary or brute force reaches it and a slow password hash would only cost every request time.
 */
import { API_KEY_DISPLAY_LENGTH, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH } from '@shared/api-keys/schemas.ts';
import { sha256Hex } from '../../lib/crypto.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UNBIASED_BELOW = 248;
const SECRET_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

export function newSecret(): { secret: string; prefix: string; hash: string } {
  let random = '';
  while (random.length < API_KEY_RANDOM_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(48))) {
      if (byte < UNBIASED_BELOW && random.length < API_KEY_RANDOM_LENGTH) random += ALPHABET[byte % ALPHABET.length];
    }
  }
  const secret = `${API_KEY_PREFIX}${random}`;
  return { secret, prefix: secret.slice(0, API_KEY_DISPLAY_LENGTH), hash: sha256Hex(secret) };
}

/** A bearer token that claims to be a key (the guard then never tries it as a session token). */
export const looksLikeKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** The hash to look up, or undefined for a string that cannot be a secret we made (no query for it). */
export const hashOfPresented = (token: string) => (SECRET_SHAPE.test(token) ? sha256Hex(token) : undefined);
