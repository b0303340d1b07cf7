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
// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL cannot store in text
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** `z.string()` that refuses text the database cannot store; chain `.trim()`, `.min()`, `.max()` as usual. */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE, abort: true });

type Visit = { value: unknown; key: string | number; parent: Visit | undefined };

const pathOf = (visit: Visit, base: (string | number)[]) => {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.unshift(at.key);
  return [...base, ...keys];
};

/**
 * The path of the first string or object key inside `value` that cannot be stored, if any. A loop with its own
 * stack, not recursion: a request body of 100 000 nested arrays must not overflow the call stack (a 500), and
 * the path is built only for the one hit rather than copied at every level.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(visit, path);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], key: index, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      const badKey = entries.find(([key]) => !isStorableText(key));
      if (badKey) return [...pathOf(visit, path), badKey[0]];
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, inner] = entries[index] ?? ['', undefined];
        stack.push({ value: inner, key, parent: visit });
      }
    }
  }
  return undefined;
}
