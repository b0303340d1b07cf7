/**
 * Query keys of what TanStack Query still fetches: one-off server reads that the offline cache does not hold (the
 * editor's graph). Lists, bots, channels and welcome messages are read from Dexie (client/src/offline).
 */
export const queryKeys = {
  flows: {
    all: ['flows'] as const,
    detail: (flowId: string) => [...queryKeys.flows.all, 'detail', flowId] as const,
  },
};
