import { describe, expect, test } from 'bun:test';
import { retryAfterMs } from './push-request.ts';

describe('retryAfterMs', () => {
  test('reads seconds and HTTP dates; anything else is no answer', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('logo', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
