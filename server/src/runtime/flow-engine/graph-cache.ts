/** Per-bot cache of the enabled flow graphs, reloaded when the flow generation moved or after a short TTL. */
import type { Queryable } from '../../db/client.ts';
import { buildBotGraphs, type BotGraphs } from './flow-graph.ts';
import { flowGeneration } from './flow-generation.ts';
import { loadBotGraphs } from './graph-repository.ts';

/** Safety net for writes that do not pass through the HTTP API (a script, another process). */
const TTL_MS = 5_000;

type Entry = { generation: number; loadedAt: number; graphs: Promise<BotGraphs> };

export function createGraphCache(sql: Queryable) {
  const entries = new Map<string, Entry>();
  return {
    get(botId: string): Promise<BotGraphs> {
      const current = entries.get(botId);
      const now = Date.now();
      if (current && current.generation === flowGeneration() && now - current.loadedAt < TTL_MS) return current.graphs;
      const graphs = loadBotGraphs(sql, botId).then(buildBotGraphs);
      const entry = { generation: flowGeneration(), loadedAt: now, graphs };
      entries.set(botId, entry);
      // A failed load must not stick: the next update tries again.
      graphs.catch(() => entries.get(botId) === entry && entries.delete(botId));
      return graphs;
    },
    forget(botId: string) {
      entries.delete(botId);
    },
  };
}

export type GraphCache = ReturnType<typeof createGraphCache>;
