import { describe, expect, test } from 'bun:test';
import { optionalPage, optionalString } from './search-params.ts';

describe('search params', () => {
  test('optionalString keeps non-empty strings only', () => {
    expect(optionalString('abc')).toBe('abc');
    expect(optionalString('')).toBeUndefined();
    expect(optionalString(12)).toBeUndefined();
    expect(optionalString(undefined)).toBeUndefined();
  });

  test('optionalPage accepts whole numbers from 1, as numbers or numeric strings', () => {
    expect(optionalPage(3)).toBe(3);
    expect(optionalPage('4')).toBe(4);
    expect(optionalPage(0)).toBeUndefined();
    expect(optionalPage(-1)).toBeUndefined();
    expect(optionalPage(1.5)).toBeUndefined();
    expect(optionalPage('abc')).toBeUndefined();
    expect(optionalPage('')).toBeUndefined();
    expect(optionalPage(null)).toBeUndefined();
  });
});
