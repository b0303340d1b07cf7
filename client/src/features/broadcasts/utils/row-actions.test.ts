import { describe, expect, test } from 'bun:test';
import { actionAvailable, rowActions } from './row-actions.ts';
import { progressView, formatSuccessRate } from './progress.ts';

describe('row actions by status (docs/product.md#screen-broadcasts)', () => {
  test('follow the shared table', () => {
    expect(rowActions('DRAFT')).toEqual(['details', 'edit', 'send', 'duplicate', 'delete']);
    expect(rowActions('SCHEDULED')).toEqual(['details', 'edit', 'send', 'cancel', 'duplicate', 'delete']);
    expect(rowActions('SENDING')).toEqual(['details', 'stop', 'duplicate']);
    expect(rowActions('COMPLETED')).toEqual(['details', 'duplicate', 'delete']);
    expect(rowActions('FAILED')).toEqual(['details', 'edit', 'send', 'duplicate', 'delete']);
    expect(rowActions('CANCELLED')).toEqual(['details', 'duplicate', 'delete']);
  });

  test('a draft only this device has can be edited or deleted; server actions wait for a connection', () => {
    expect(rowActions('DRAFT', { localOnly: true })).toEqual(['edit', 'delete']);
    expect(['send', 'cancel', 'stop', 'duplicate'].map((action) => actionAvailable(action as never, false))).toEqual([false, false, false, false]);
    expect(actionAvailable('delete', false)).toBe(true);
    expect(actionAvailable('send', true)).toBe(true);
  });
});

describe('progress', () => {
  test('derived from the counts when there is no progress answer; 0 % with no recipients', () => {
    expect(progressView({ sentCount: 7, failedCount: 2, totalCount: 12 })).toEqual({ total: 12, sent: 7, failed: 2, current: 9, percentage: 75 });
    expect(progressView({ sentCount: 0, failedCount: 0, totalCount: 0 }).percentage).toBe(0);
    const answer = { status: 'SENDING', sent: 10, failed: 0, skipped: 0, pending: 0, total: 10, current: 10, percentage: 100 } as const;
    expect(progressView({ sentCount: 0, failedCount: 0, totalCount: 10 }, answer).percentage).toBe(100);
  });

  test('success rate with one decimal', () => {
    expect(formatSuccessRate(87.25)).toBe('87,3%');
    expect(formatSuccessRate(0)).toBe('0,0%');
  });
});
