import { describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, randomToken, sha256Hex } from './crypto.ts';

const key = randomBytes(32);
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';

describe('secret encryption', () => {
  test('round-trips a bot token', () => {
    expect(decryptSecret(encryptSecret(TOKEN, key), key)).toBe(TOKEN);
  });

  test('never stores the plain text and uses a fresh IV each time', () => {
    const a = encryptSecret(TOKEN, key);
    const b = encryptSecret(TOKEN, key);
    expect(a).not.toContain(TOKEN);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
  });

  test('refuses a payload encrypted under another key', () => {
    expect(() => decryptSecret(encryptSecret(TOKEN, key), randomBytes(32))).toThrow();
  });

  test('refuses a tampered payload', () => {
    const [version, iv, tag, body] = encryptSecret(TOKEN, key).split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
  });

  test('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecret(TOKEN, randomBytes(16))).toThrow();
  });

  test('hashes deterministically and makes unguessable tokens', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(randomToken()).not.toBe(randomToken());
    expect(randomToken().length).toBeGreaterThanOrEqual(43);
  });
});
