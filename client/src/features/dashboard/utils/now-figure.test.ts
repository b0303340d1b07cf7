import { expect, test } from 'bun:test';
import { UNREAD_CONVERSATIONS_CAP } from '@shared/dashboard/schemas.ts';
import { formatNowFigure } from './now-figure.ts';

test('"agora" figures in pt-BR; unread conversations at the cap read 999+', () => {
  expect(formatNowFigure('unreadConversations', 0)).toBe('0');
  expect(formatNowFigure('unreadConversations', 999)).toBe('999');
  expect(formatNowFigure('unreadConversations', UNREAD_CONVERSATIONS_CAP)).toBe('999+');
  expect(formatNowFigure('pixelEventsFailing', 1500)).toBe('1.500');
});
