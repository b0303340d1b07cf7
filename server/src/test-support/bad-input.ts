/**
 * Generators of bad input for the bad-input corpus: a valid sample (from the route fixtures) damaged one field at a
 * time — wrong types, missing and extra fields, hostile strings and numbers, deep nesting — with the field list
 * taken from both the sample and the shared zod schema (so optional fields the sample leaves out are hit too).
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonPath = (string | number)[];
export type BodyCase = { label: string; body: unknown };
export type QueryCase = { label: string; query: [string, string][] };

const HUGE = 'x'.repeat(100_000);
export const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\u202eabc\u202c', '\u200f', '🙂👍🏽‍🔥', HUGE, '🙂'.repeat(30_000),
  'NaN', 'Infinity', '-0', '1e308', '-1', '0x1F', '  espaços  ', '<script>alert(1)</script>', "' or 1=1 --", '%', '%E0%A4%A',
  '../../etc/passwd', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '9'.repeat(400),
];
const HOSTILE_NUMBERS = [0, -0, -1, 1.5, -1.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1];

export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(nested(1000, 'array'), nested(1000, 'object')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Every path into a JSON value: objects' keys and arrays' items, the root excluded. */
function samplePaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...samplePaths(item, [...prefix, index])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...samplePaths(item, [...prefix, key])]);
  return [];
}

/** Object property paths the schema declares (input side), nested objects included. */
function schemaPaths(schema: z.ZodType | undefined): JsonPath[] {
  if (!schema) return [];
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return [];
  }
  const walk = (node: unknown, prefix: JsonPath): JsonPath[] => {
    const properties = Reflect.get(Object(node), 'properties');
    if (!properties || typeof properties !== 'object') return [];
    return Object.entries(properties).flatMap(([key, child]) => [[...prefix, key], ...walk(child, [...prefix, key])]);
  };
  return walk(json, []);
}

const clone = (value: unknown): unknown => structuredClone(value);

function setAt(root: unknown, path: JsonPath, update: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = clone(root);
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) {
    const next = Reflect.get(Object(parent), key);
    if (!next || typeof next !== 'object') return copy;
    parent = next;
  }
  const last = path[path.length - 1];
  if (parent && typeof parent === 'object' && last !== undefined) update(parent as Record<string | number, unknown>, last);
  return copy;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text;
};

/** Damaged versions of a valid body: one field replaced, removed, grown, or an extra field, or the whole body. */
export function bodyCases(sample: unknown, schema?: z.ZodType): fc.Arbitrary<BodyCase> {
  const seen = new Set<string>();
  const paths = [...samplePaths(sample), ...schemaPaths(schema)].filter((path) => !seen.has(path.join('.')) && Boolean(seen.add(path.join('.'))));
  const objectPaths: JsonPath[] = [[], ...paths.filter((path) => Reflect.get(Object(valueAt(sample, path)), 'constructor') === Object)];
  const whole = hostileValue.map((body) => ({ label: `whole body ${show(body)}`, body }));
  if (paths.length === 0) return fc.oneof(whole, extraField([[]], sample));
  const at = fc.constantFrom(...paths);
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(at, hostileValue).map(([path, value]) => ({ label: `${path.join('.')} = ${show(value)}`, body: setAt(sample, path, (parent, key) => void (parent[key] = value)) })) },
    { weight: 2, arbitrary: at.map((path) => ({ label: `without ${path.join('.')}`, body: setAt(sample, path, (parent, key) => void delete parent[key]) })) },
    { weight: 2, arbitrary: fc.tuple(at, fc.constantFrom(...HOSTILE_STRINGS)).map(([path, suffix]) => ({ label: `${path.join('.')} + ${show(suffix)}`, body: setAt(sample, path, (parent, key) => void (parent[key] = `${String(parent[key] ?? '')}${suffix}`)) })) },
    { weight: 1, arbitrary: extraField(objectPaths, sample) },
    { weight: 1, arbitrary: whole },
  );
}

function valueAt(root: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((value, key) => Reflect.get(Object(value), key), root);
}

function extraField(objectPaths: JsonPath[], sample: unknown): fc.Arbitrary<BodyCase> {
  return fc.tuple(fc.constantFrom(...objectPaths), fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'userId', '\u0000', ''), hostileValue).map(([path, key, value]) => ({
    label: `extra ${[...path, key].join('.')} = ${show(value)}`,
    // defineProperty: `__proto__` must become a JSON key, not the object's prototype.
    body: setAt(sample, [...path, key], (parent, last) => void Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true })),
  }));
}

/** What a text column or a JSON parser chokes on: NUL, lone surrogates, direction marks, emoji, 100 KB. */
const SPECIAL_SUFFIXES = ['\u0000', '\ud800', '\udfff', '\u202e', '\u200f', '🙂👍🏽', HUGE];
const ODD_NUMBERS = [1e308, -1e308, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 'NaN', '1e308'];

/** Every string field of the sample with each special suffix, every number field with each odd number. */
export function fieldSweep(sample: unknown): BodyCase[] {
  return samplePaths(sample).flatMap((path) => {
    const value = valueAt(sample, path);
    const name = path.join('.');
    if (typeof value === 'string') {
      return SPECIAL_SUFFIXES.map((suffix) => ({ label: `${name} + ${show(suffix)}`, body: setAt(sample, path, (parent, key) => void (parent[key] = `${value}${suffix}`)) }));
    }
    if (typeof value === 'number') return ODD_NUMBERS.map((odd) => ({ label: `${name} = ${show(odd)}`, body: setAt(sample, path, (parent, key) => void (parent[key] = odd)) }));
    return [];
  });
}

/** Raw query-string escapes for every parameter: NUL, a lone surrogate's bytes, RTL, emoji, a broken escape. */
export function querySweep(sample: Record<string, string>): { label: string; search: string }[] {
  const pairs = Object.entries(sample);
  return pairs.flatMap(([name]) =>
    ['%00', '%ED%A0%80', '%E2%80%AE', '%F0%9F%99%82', '%ZZ', '%'].map((escape) => ({
      label: `query ${name} + ${escape}`,
      search: `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}${key === name ? escape : ''}`).join('&')}`,
    })),
  );
}

/** Damaged query strings: a value replaced or removed, a parameter repeated, unknown parameters. */
export function queryCases(sample: Record<string, string>): fc.Arbitrary<QueryCase> {
  const pairs = Object.entries(sample);
  const text = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 30 }), hostileValue.map((value) => JSON.stringify(value) ?? ''));
  const extra = fc.tuple(fc.constantFrom('extra', 'page', 'limit', 'cursor', 'botId', '\u0000', ''), text).map(([key, value]) => ({ label: `extra ${key}=${show(value)}`, query: [...pairs, [key, value]] as [string, string][] }));
  if (pairs.length === 0) return extra;
  const key = fc.constantFrom(...pairs.map(([name]) => name));
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, text).map(([name, value]) => ({ label: `${name}=${show(value)}`, query: pairs.map(([k, v]): [string, string] => [k, k === name ? value : v]) })) },
    { weight: 1, arbitrary: key.map((name) => ({ label: `without ${name}`, query: pairs.filter(([k]) => k !== name) })) },
    { weight: 1, arbitrary: fc.tuple(key, text).map(([name, value]) => ({ label: `${name} twice`, query: [...pairs, [name, value]] as [string, string][] })) },
    { weight: 1, arbitrary: extra },
  );
}

/** Path segments an id never is: empty-ish, NUL, lone surrogates (as raw bytes), broken escapes, very long. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%ZZ', '%', '%E0%A4%A', '..', '%2e%2e%2f', 'nao-e-uuid', '0', '-1', 'NaN', '9'.repeat(400), 'a'.repeat(5000), '%F0%9F%99%82', '%E2%80%AE', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '12345678-1234-1234-1234-1234567890AB'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map((text) => Buffer.from(text).toString('hex').replace(/(..)/g, '%$1')),
);
