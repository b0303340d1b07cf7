/**
 * Dashboard statistics (docs/product.md#screen-dashboard), counted from the local cache, so the dashboard opens offline and follows every
 * edit at once (a bot switched off counts as inactive before the server has heard of it).
 */
import type { Bot } from '@shared/bots/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';

export type DashboardStats = { totalBots: number; activeBots: number; totalChannels: number; totalFlows: number };

export function computeDashboardStats(bots: readonly Pick<Bot, 'isActive'>[], channelCount: number, flowCount: number): DashboardStats {
  return {
    totalBots: bots.length,
    activeBots: bots.filter((bot) => bot.isActive).length,
    totalChannels: channelCount,
    totalFlows: flowCount,
  };
}

export function useDashboardStats(): DashboardStats | undefined {
  return useCached(async (db) => computeDashboardStats(await db.bots.toArray(), await db.channels.count(), await db.flows.count()), []);
}
