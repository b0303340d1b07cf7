/**
 * Which trigger nodes of which flows an event fires, within the flows' execution contexts (docs/decisions.md#d-flow-engine).
 * The per-flow matchers are what the editor's test run (flow-test.ts) uses too, so a test answers as a chat would.
 */
import type { Chat } from 'grammy/types';
import { commandArgs, messageMatches } from '@shared/flows/matching.ts';
import type { BotGraphs, EngineFlow, EngineNode } from './flow-graph.ts';

export type TriggerHit = { flow: EngineFlow; node: EngineNode; commandArgs?: string };

export function chatAllowed(flow: EngineFlow, chat: Pick<Chat, 'id' | 'type'>): boolean {
  if (!flow.executionContexts.includes(chat.type)) return false;
  return chat.type !== 'channel' || flow.allowedChannelIds.includes(String(chat.id));
}

/** The trigger_message / trigger_command nodes of one flow that a text fires, whatever the chat. */
export function flowTextHits(flow: EngineFlow, text: string, botUsername: string | undefined): TriggerHit[] {
  const hits: TriggerHit[] = [];
  for (const node of flow.triggers) {
    if (node.subType === 'trigger_message' && messageMatches(node.config.pattern, text)) {
      hits.push({ flow, node });
    } else if (node.subType === 'trigger_command') {
      const args = commandArgs(node.config.command, text, botUsername);
      if (args !== undefined) hits.push({ flow, node, commandArgs: args });
    }
  }
  return hits;
}

/** The trigger_button_clicked nodes of one flow that a callback value fires, whatever the chat. */
export function flowButtonHits(flow: EngineFlow, data: string): TriggerHit[] {
  return flow.triggers.filter((node) => node.subType === 'trigger_button_clicked' && node.config.buttonData === data).map((node) => ({ flow, node }));
}

export function textTriggers(graphs: BotGraphs, chat: Pick<Chat, 'id' | 'type'>, text: string, botUsername: string | undefined): TriggerHit[] {
  return graphs.flows.filter((flow) => chatAllowed(flow, chat)).flatMap((flow) => flowTextHits(flow, text, botUsername));
}

export function buttonTriggers(graphs: BotGraphs, chat: Pick<Chat, 'id' | 'type'>, data: string): TriggerHit[] {
  return graphs.flows.filter((flow) => chatAllowed(flow, chat)).flatMap((flow) => flowButtonHits(flow, data));
}
