import { describe, expect, test } from 'bun:test';
import { formatCount, formatDate, formatDateTime, formatLongDate, formatNumber } from './format.ts';

describe('pt-BR formatting', () => {
  const date = new Date(2025, 10, 23, 14, 5);

  test('formats dates day first', () => {
    expect(formatDate(date)).toBe('23/11/2025');
    expect(formatDateTime(date)).toBe('23/11/2025, 14:05');
  });

  test('spells the weekday and month in Portuguese', () => {
    expect(formatLongDate(date)).toBe('domingo, 23 de novembro');
  });

  test('uses a dot as the thousands separator', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  test('a count agrees with its word: 1 mensagem, 0 and 2 mensagens', () => {
    expect(formatCount(1, 'mensagem', 'mensagens')).toBe('1 mensagem');
    expect(formatCount(0, 'mensagem', 'mensagens')).toBe('0 mensagens');
    expect(formatCount(1500, 'mensagem', 'mensagens')).toBe('1.500 mensagens');
  });

  test('shows a dash for an invalid date instead of "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('—');
  });
});
