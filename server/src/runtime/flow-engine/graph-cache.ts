/** Per-bot cache of the enabled flow graphs, reloaded when the flow generation moved or after a short TTL. */
import type { Queryable } from '../../db/client.ts';
import { buildBotGraphs, type BotGraphs } from './flow-graph.ts';
import type { FlowGeneration } from './flow-generation.ts';
import { loadBotGraphs } from './graph-repository.ts';

/** Safety net for writes that do not pass through the HTTP API (a script, another process). */
const TTL_MS = 5_000;

type Entry = { generation: number; loadedAt: number; graphs: Promise<BotGraphs>; loaded?: BotGraphs };

export function createGraphCache(sql: Queryable, generation: FlowGeneration) {
  const entries = new Map<string, Entry>();
  return {
    get(botId: string): Promise<BotGraphs> {
      const current = entries.get(botId);
      const now = Date.now();
      if (current && current.generation === generation.current() && now - current.loadedAt < TTL_MS) return current.graphs;
      const graphs = loadBotGraphs(sql, botId).then(buildBotGraphs);
      const entry: Entry = { generation: generation.current(), loadedAt: now, graphs };
      entries.set(botId, entry);
      void graphs.then((loaded) => (entry.loaded = loaded), () => undefined);
      // A failed load must not stick: the next update tries again.
      graphs.catch(() => entries.get(botId) === entry && entries.delete(botId));
      return graphs;
    },
    /** The graphs loaded for the current flow generation, if any, without waiting (past the TTL too). */
    peek(botId: string): BotGraphs | undefined {
      const current = entries.get(botId);
      return current?.generation === generation.current() ? current.loaded : undefined;
    },
    forget(botId: string) {
      entries.delete(botId);
    },
  };
}

export type GraphCache = ReturnType<typeof createGraphCache>;
