/** The flow list and the create-flow modal read the local cache (bots, their channels, flows). */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { describeTriggers } from '@shared/flows/trigger-summary.ts';
import { useCached } from '../../../offline/hooks.ts';

/** The server's order: newest first. */
const byNewest = <T extends { createdAt: string; id: string }>(a: T, b: T) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

export function useFlows(botId?: string): FlowSummary[] | undefined {
  return useCached(async (db) => (await (botId ? db.flows.where('botId').equals(botId).toArray() : db.flows.toArray())).sort(byNewest), [botId]);
}

export function useModalBots(): Bot[] {
  return useCached(async (db) => (await db.bots.toArray()).sort(byNewest), []) ?? [];
}

export function useModalChannels(botId: string): Channel[] {
  return (
    useCached(
      async (db) => (botId ? (await db.channels.where('botId').equals(botId).toArray()).sort((a, b) => a.channelName.localeCompare(b.channelName, 'pt-BR')) : []),
      [botId],
    ) ?? []
  );
}

/** What starts the flow, in pt-BR, from its cached trigger nodes; undefined while reading. */
export function useFlowTriggers(flowId: string): string[] | undefined {
  return useCached(async (db) => describeTriggers(await db.flowNodes.where('flowId').equals(flowId).filter((node) => node.type === 'trigger').toArray()), [flowId]);
}
