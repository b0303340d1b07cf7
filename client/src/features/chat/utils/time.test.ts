import { expect, test } from 'bun:test';
import { formatChatTime } from './time.ts';

test('a message under 24 hours old shows hour:minute, an older one day/month', () => {
  const now = new Date('2026-11-23T15:00:00');
  expect(formatChatTime(new Date('2026-11-23T09:05:00').toISOString(), now)).toBe('09:05');
  expect(formatChatTime(new Date('2026-11-22T15:30:00').toISOString(), now)).toBe('15:30');
  expect(formatChatTime(new Date('2026-11-22T14:59:00').toISOString(), now)).toBe('22/11');
  expect(formatChatTime(new Date('2026-01-05T10:00:00').toISOString(), now)).toBe('05/01');
});
