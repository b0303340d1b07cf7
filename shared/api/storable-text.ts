/**
 * Text PostgreSQL can store. A `text` or `jsonb` value cannot hold U+0000, and a lone UTF-16 surrogate (`\ud800`
 * without its pair) has no UTF-8 form, so either one would make the write fail deep in the database (a 500).
 * Every string field of the input schemas refuses them with a pt-BR text, and the server's validate step checks
 * whole inputs (keys too, free-form objects such as node configs included) so a schema that forgets still
 * cannot reach the database with one.
 */
import { z } from 'zod';

export const UNSTORABLE_TEXT_MESSAGE = 'Texto contém caracteres inválidos';

// Without the `u` flag a regex sees UTF-16 code units: a high surrogate not followed by a low one, or a low one
// not preceded by a high one, is unpaired.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** `z.string()` that refuses text the database cannot store; chain `.trim()`, `.min()`, `.max()` as usual. */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE, abort: true });

/** The path of the first string or object key inside `value` that cannot be stored, if any. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
