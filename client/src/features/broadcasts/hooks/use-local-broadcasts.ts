/**
 * This device's queued broadcast changes and the bot names to label them, plus a refresh of the server reads each
 * time one of them leaves the queue (pushed: the server's row now holds it; refused: it was taken back).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { useCached, usePendingMutations } from '../../../offline/hooks.ts';
import { broadcastKeys } from '../api/broadcast-requests.ts';
import type { BotNames, PendingEntry } from '../utils/local-drafts.ts';

export function useBroadcastBots(): Bot[] | undefined {
  return useCached(async (db) => (await db.bots.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id.localeCompare(b.id)), []);
}

export function useLocalBroadcasts(): { entries: PendingEntry[] | undefined; bots: Bot[] | undefined; botNames: BotNames } {
  const entries = usePendingMutations('broadcast.');
  const bots = useBroadcastBots();
  const botNames = useMemo(() => new Map((bots ?? []).map((bot) => [bot.id, { name: bot.name, username: bot.username }])), [bots]);
  const queryClient = useQueryClient();
  const previous = useRef<number | undefined>(undefined);
  const count = entries?.length;
  useEffect(() => {
    if (count !== undefined && previous.current !== undefined && count < previous.current) void queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
    previous.current = count;
  }, [count, queryClient]);
  return { entries, bots, botNames };
}
