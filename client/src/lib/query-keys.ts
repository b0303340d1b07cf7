/**
 * Query keys that more than one feature touches. Features never import each other (lint), yet adding, removing,
 * (de)activating a bot or syncing its channels must refresh the dashboard statistics, so the keys live here.
 */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  bots: {
    all: ['bots'] as const,
    list: () => [...queryKeys.bots.all, 'list'] as const,
    detail: (botId: string) => [...queryKeys.bots.all, 'detail', botId] as const,
    channels: (botId: string) => [...queryKeys.bots.all, 'channels', botId] as const,
  },
  channels: {
    all: ['channels'] as const,
    detail: (channelId: string) => [...queryKeys.channels.all, 'detail', channelId] as const,
    welcome: (channelId: string) => [...queryKeys.channels.all, 'welcome', channelId] as const,
  },
  flows: {
    all: ['flows'] as const,
    list: (botId?: string) => [...queryKeys.flows.all, 'list', botId ?? 'all'] as const,
    detail: (flowId: string) => [...queryKeys.flows.all, 'detail', flowId] as const,
  },
};
