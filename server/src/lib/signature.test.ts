import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { sign, verify } from './signature.ts';

const secret = 'whsec_test_3f9a1c7e5b2d4086';
const body = '{"event":"purchase.approved","transactionId":"tx-1","amount":97.9}';
const now = new Date('2026-11-27T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

const hex = (key: string, timestamp: number, raw: string) => createHmac('sha256', key).update(`${timestamp}.${raw}`).digest('hex');

describe('sign', () => {
  test('produces t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    expect(sign(secret, body, now)).toBe(`t=${t},v1=${hex(secret, t, body)}`);
  });

  test('signs with every secret given, current first', () => {
    expect(sign([secret, 'old'], body, now)).toBe(`t=${t},v1=${hex(secret, t, body)},v1=${hex('old', t, body)}`);
  });

  test('bytes and text of the same body sign alike', () => {
    expect(sign(secret, new TextEncoder().encode(body), now)).toBe(sign(secret, body, now));
  });
});

describe('verify', () => {
  test('accepts its own signature', () => {
    expect(verify(secret, sign(secret, body, now), body, now)).toEqual({ ok: true });
  });

  test('missing header', () => {
    expect(verify(secret, undefined, body, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verify(secret, null, body, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verify(secret, '  ', body, now)).toEqual({ ok: false, reason: 'missing' });
  });

  test.each([
    ['no v1', `t=${t}`],
    ['no t', `v1=${hex(secret, t, body)}`],
    ['t not a number', `t=abc,v1=${hex(secret, t, body)}`],
    ['two t', `t=${t},t=${t},v1=${hex(secret, t, body)}`],
    ['short digest', `t=${t},v1=abcd`],
    ['garbage', 'sha256=deadbeef'],
  ])('malformed: %s', (_name, header) => {
    expect(verify(secret, header, body, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('wrong secret and tampered body are a mismatch', () => {
    expect(verify(secret, sign('other', body, now), body, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify(secret, sign(secret, body, now), body.replace('97.9', '0.1'), now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  test('an empty secret never verifies', () => {
    expect(verify('', sign('', body, now), body, now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  test('older than five minutes, or more than five minutes ahead, is a replay', () => {
    const old = new Date(now.getTime() - 301_000);
    const ahead = new Date(now.getTime() + 301_000);
    expect(verify(secret, sign(secret, body, old), body, now)).toEqual({ ok: false, reason: 'replay' });
    expect(verify(secret, sign(secret, body, ahead), body, now)).toEqual({ ok: false, reason: 'replay' });
    expect(verify(secret, sign(secret, body, new Date(now.getTime() - 300_000)), body, now)).toEqual({ ok: true });
  });

  test('a custom tolerance applies', () => {
    const old = new Date(now.getTime() - 61_000);
    expect(verify(secret, sign(secret, body, old), body, now, 60)).toEqual({ ok: false, reason: 'replay' });
  });

  test('rotation: any v1 matching any secret is enough', () => {
    const header = `t=${t},v1=${hex('new', t, body)},v1=${hex('old', t, body)}`;
    expect(verify('old', header, body, now)).toEqual({ ok: true });
    expect(verify(['x', 'new'], header, body, now)).toEqual({ ok: true });
  });

  test('unknown schemes and spaces are tolerated', () => {
    expect(verify(secret, ` t=${t} , v0=zz, v1=${hex(secret, t, body).toUpperCase()} `, body, now)).toEqual({ ok: true });
  });
});
