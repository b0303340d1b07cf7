/**
 * Reading untrusted JSON without trusting its shape: every accessor answers `undefined` for anything unexpected
 * (a number where an object was, an array, null), so a parser never throws on a hostile body.
 */
export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` inside nested objects, or undefined. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** A non-empty trimmed string from a string or a finite number (ids often arrive as numbers), else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The first of several candidates that is a usable text. */
export function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const found = text(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first element when the value is an array (Eduzz lists the products of an invoice), else undefined. */
export const firstItem = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);
