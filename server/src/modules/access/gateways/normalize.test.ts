import { describe, expect, test } from 'bun:test';
import { toInstant } from './instant.ts';
import { centsValue, currencyCode, unitsToCents } from './money.ts';
import { normalizePhone } from './phone.ts';

describe('unitsToCents', () => {
  test.each([
    [97.9, 9790],
    ['97.9', 9790],
    [0.07, 7],
    [1.005, 101],
    [64.9, 6490],
    [1500, 150000],
    ['  12.5 ', 1250],
    [0, 0],
  ])('%p → %p', (value, cents) => {
    expect(unitsToCents(value)).toBe(cents);
  });

  test('no float drift over every cent of R$ 0,00 to R$ 200,00', () => {
    for (let cents = 0; cents <= 20_000; cents++) expect(unitsToCents(Number((cents / 100).toFixed(2)))).toBe(cents);
  });

  test.each([[-1], ['97,90'], ['abc'], [Number.NaN], [Number.POSITIVE_INFINITY], [1e21], [null], [{}], ['']])('%p is not an amount', (value) => {
    expect(unitsToCents(value)).toBeUndefined();
  });
});

describe('centsValue and currencyCode', () => {
  test('cents as number or digit text', () => {
    expect(centsValue(9790)).toBe(9790);
    expect(centsValue('9790')).toBe(9790);
    expect(centsValue('97.90')).toBeUndefined();
    expect(centsValue(97.9)).toBeUndefined();
    expect(centsValue(-5)).toBeUndefined();
  });

  test('ISO codes upper-cased, anything else dropped', () => {
    expect(currencyCode(' brl ')).toBe('BRL');
    expect(currencyCode('R$')).toBeUndefined();
    expect(currencyCode(986)).toBeUndefined();
  });
});

describe('normalizePhone', () => {
  test.each([
    ['+55 (11) 98765-4321', undefined, '5511987654321'],
    ['11987654321', undefined, '5511987654321'],
    ['(31) 3333-4444', undefined, '553133334444'],
    ['5511987654321', undefined, '5511987654321'],
    ['0044 20 7946 0958', undefined, '442079460958'],
    ['+1 415 555 0100', undefined, '14155550100'],
    ['988887777', '55', '55988887777'],
    [11987654321, undefined, '5511987654321'],
  ])('%p (country %p) → %p', (raw, country, digits) => {
    expect(normalizePhone(raw, country)).toBe(digits);
  });

  test.each([[''], ['abc'], ['123'], ['+1234567890123456'], [null], [{}]])('%p is dropped', (raw) => {
    expect(normalizePhone(raw)).toBeUndefined();
  });
});

describe('toInstant', () => {
  test.each([
    [1795780800000, {}, '2026-11-27T12:00:00.000Z'],
    ['1795780800000', {}, '2026-11-27T12:00:00.000Z'],
    ['2026-11-27T12:00:00Z', {}, '2026-11-27T12:00:00.000Z'],
    ['2026-11-27T09:00:00-03:00', {}, '2026-11-27T12:00:00.000Z'],
    ['2026-11-27 09:00', {}, '2026-11-27T12:00:00.000Z'],
    ['2026-11-27', {}, '2026-11-27T03:00:00.000Z'],
    ['2026-11-27', { endOfDay: true }, '2026-11-28T02:59:59.999Z'],
  ])('%p %p → %p', (value, options, iso) => {
    expect(toInstant(value, options)).toBe(iso);
  });

  test.each([['2026-13-45'], ['yesterday'], [12], [-1], ['1899-01-01T00:00:00Z'], [null], [true]])('%p is not a date', (value) => {
    expect(toInstant(value)).toBeUndefined();
  });
});
