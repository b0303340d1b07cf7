import { describe, expect, test } from 'bun:test';
import { clientAddress, normalizeAddress } from './client-address.ts';

const socket = (address: string) => ({ requestIP: () => ({ address, family: 'IPv4' as const, port: 1 }) });
const request = (forwarded?: string) => new Request('http://local/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });

describe('client address', () => {
  test('is the socket peer unless the proxy is trusted', () => {
    expect(clientAddress(request('198.51.100.7'), socket('127.0.0.1'), false)).toBe('127.0.0.1');
  });

  test('behind a trusted proxy, is the entry the proxy appended, not what the client wrote', () => {
    expect(clientAddress(request('1.2.3.4, 198.51.100.7'), socket('127.0.0.1'), true)).toBe('198.51.100.7');
    expect(clientAddress(request('nonsense'), socket('10.0.0.1'), true)).toBe('10.0.0.1');
  });

  test('folds IPv4-mapped IPv6 and counts IPv6 per /64', () => {
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
  });
});
