import { describe, expect, test } from 'bun:test';
import { computeDashboardStats } from './dashboard-stats.ts';

describe('dashboard statistics', () => {
  test('counts bots, active bots, channels and flows', () => {
    expect(computeDashboardStats([{ isActive: true }, { isActive: false }, { isActive: true }], 3, 2)).toEqual({
      totalBots: 3, activeBots: 2, totalChannels: 3, totalFlows: 2,
    });
  });

  test('zero everywhere for a new account', () => {
    expect(computeDashboardStats([], 0, 0)).toEqual({ totalBots: 0, activeBots: 0, totalChannels: 0, totalFlows: 0 });
  });
});
