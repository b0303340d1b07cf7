/** Where a reset link may point: PUBLIC_URL, else only this machine's own address on the listening port. */
import { describe, expect, test } from 'bun:test';
import { linkOrigin } from './link-origin.ts';

const request = (host: string | undefined) => new Request('http://ignorado/api/auth/password-reset/request', host ? { headers: { host } } : {});

describe('reset link origin', () => {
  test('PUBLIC_URL wins over any Host', () => {
    expect(linkOrigin('https://canalize.exemplo.com/', request('evil.example'), 3000)).toBe('https://canalize.exemplo.com');
  });

  test('without it, this machine on the listening port', () => {
    expect(linkOrigin(undefined, request('localhost:3000'), 3000)).toBe('http://localhost:3000');
    expect(linkOrigin(undefined, request('127.0.0.1:3000'), 3000)).toBe('http://127.0.0.1:3000');
    expect(linkOrigin(undefined, request('[::1]:3000'), 3000)).toBe('http://[::1]:3000');
  });

  test('never a name or port a request makes up', () => {
    for (const host of ['evil.example:3000', 'evil.example', 'localhost:3001', 'localhost', 'localhost.evil.example:3000', '127.0.0.1@evil.example:3000', 'a b']) {
      expect(linkOrigin(undefined, request(host), 3000)).toBeUndefined();
    }
    expect(linkOrigin(undefined, request(undefined), 3000)).toBeUndefined();
    expect(linkOrigin(undefined, request('localhost:3000'), undefined)).toBeUndefined();
  });
});
