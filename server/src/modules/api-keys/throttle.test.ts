import { describe, expect, test } from 'bun:test';
import { createKeyThrottle } from './throttle.ts';

describe('per-key token bucket', () => {
  test('a burst of a minute’s worth, then the steady rate, each key on its own', () => {
    let now = 0;
    const throttle = createKeyThrottle(60, () => now);
    for (let index = 0; index < 60; index += 1) expect(throttle.take('a')).toBe(0);
    expect(throttle.take('a')).toBe(1);
    expect(throttle.take('b')).toBe(0);
    now += 1000;
    expect(throttle.take('a')).toBe(0);
    expect(throttle.take('a')).toBe(1);
    now += 60_000;
    for (let index = 0; index < 60; index += 1) expect(throttle.take('a')).toBe(0);
    expect(throttle.take('a')).toBeGreaterThan(0);
  });

  test('Retry-After counts the seconds until one token is back', () => {
    let now = 0;
    const throttle = createKeyThrottle(6, () => now);
    for (let index = 0; index < 6; index += 1) throttle.take('a');
    expect(throttle.take('a')).toBe(10);
    now += 9_000;
    expect(throttle.take('a')).toBe(1);
  });
});
