import { expect, test } from 'bun:test';
import { formatUpdatedDate } from './format-updated.ts';

test('the updated date reads day, short month and year in pt-BR', () => {
  expect(formatUpdatedDate('2026-11-25T12:00:00.000Z')).toBe('25 de nov. de 2026');
  expect(formatUpdatedDate('not a date')).toBe('—');
});
