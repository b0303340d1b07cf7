import { describe, expect, test } from 'bun:test';
import { HTTP_REQUEST_TEXTS, parseNodeConfig } from './node-configs.ts';

const firstMessage = (config: unknown) => {
  const parsed = parseNodeConfig('http_request', config);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('http_request node bounds', () => {
  test('accepts ordinary headers, body and url, as JSON or as text', () => {
    expect(firstMessage({ url: 'https://api.exemplo.com/x', headers: { Authorization: 'Bearer abc', 'X-N': 1 }, body: { a: '{nome}' } })).toBeUndefined();
    expect(firstMessage({ headers: '{"Authorization": "Bearer abc"}', body: 'texto livre' })).toBeUndefined();
  });

  test('refuses 2 MB of headers, in either form', () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    expect(firstMessage({ headers: { 'X-Big': huge } })).toBe(HTTP_REQUEST_TEXTS.headerValueTooLong);
    expect(firstMessage({ headers: huge })).toBe(HTTP_REQUEST_TEXTS.headersTooLong);
  });

  test('refuses too many headers, a long header name and a large total', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-${i}`, 'v']));
    expect(firstMessage({ headers: many })).toBe(HTTP_REQUEST_TEXTS.tooManyHeaders);
    expect(firstMessage({ headers: { ['X'.repeat(257)]: 'v' } })).toBe(HTTP_REQUEST_TEXTS.headerNameTooLong);
    const wide = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`X-${i}`, 'v'.repeat(4000)]));
    expect(firstMessage({ headers: wide })).toBe(HTTP_REQUEST_TEXTS.headersTooLong);
  });

  test('refuses a body template or url beyond their limits', () => {
    expect(firstMessage({ body: 'b'.repeat(65_537) })).toBe(HTTP_REQUEST_TEXTS.bodyTooLong);
    expect(firstMessage({ body: { data: 'b'.repeat(65_536) } })).toBe(HTTP_REQUEST_TEXTS.bodyTooLong);
    expect(firstMessage({ url: `https://exemplo.com/${'a'.repeat(2048)}` })).toBe(HTTP_REQUEST_TEXTS.urlTooLong);
  });
});
