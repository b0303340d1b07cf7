/**
 * The in-memory shape the walker reads: nodes by id (config parsed with its subtype's schema, so defaults apply),
 * outgoing edges by (node, handle) in order, and the trigger nodes of each flow grouped by subtype.
 */
import { callbackByteLength, FLOW_PENDING, MAX_CALLBACK_BYTES } from '@shared/flows/buttons.ts';
import { isNodeSubType, type NodeSubType } from '@shared/flows/node-catalog.ts';
import { parseNodeConfig } from '@shared/flows/node-configs.ts';
import type { EngineConnectionRow, EngineFlowRow, EngineNodeRow } from './graph-repository.ts';

export type EngineNode = { id: string; flowId: string; subType: NodeSubType; config: Record<string, unknown> };
export type EngineFlow = EngineFlowRow & { triggers: EngineNode[] };

export type BotGraphs = {
  flows: EngineFlow[];
  flowsById: Map<string, EngineFlow>;
  nodes: Map<string, EngineNode>;
  /** `${nodeId}:${handle}` → target node ids, in order. */
  edges: Map<string, string[]>;
  /** Some text reads contact.phoneNumber: only then is the contact row read (the phone is not in the update). */
  needsPhone: boolean;
};

/** A draft the engine cannot read (saved mid-edit) runs with its defaults rather than breaking the flow. */
function engineConfig(subType: NodeSubType, raw: unknown): Record<string, unknown> {
  const parsed = parseNodeConfig(subType, raw);
  if (parsed.success) return parsed.data;
  // Saved before callback values were limited to 64 bytes: such a button could never be sent; it stays, unconnected,
  // rather than the whole node falling back to its defaults.
  const again = subType === 'send_buttons' ? parseNodeConfig(subType, withSendableCallbacks(raw)) : undefined;
  return again?.success ? again.data : parseNodeConfig(subType, {}).data ?? {};
}

function withSendableCallbacks(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !('buttons' in raw) || !Array.isArray(raw.buttons)) return raw;
  const buttons = raw.buttons.map((row: unknown) => (Array.isArray(row) ? row.map(sendableButton) : row));
  return { ...raw, buttons };
}

function sendableButton(button: unknown): unknown {
  if (typeof button !== 'object' || button === null || !('value' in button) || typeof button.value !== 'string') return button;
  const isUrl = 'type' in button && button.type === 'url';
  return isUrl || callbackByteLength(button.value) <= MAX_CALLBACK_BYTES ? button : { ...button, value: FLOW_PENDING };
}

export function buildBotGraphs(loaded: { flows: EngineFlowRow[]; nodes: EngineNodeRow[]; connections: EngineConnectionRow[] }): BotGraphs {
  const nodes = new Map<string, EngineNode>();
  for (const row of loaded.nodes) {
    if (!isNodeSubType(row.subType)) continue;
    const config = engineConfig(row.subType, row.config);
    nodes.set(row.id, { id: row.id, flowId: row.flowId, subType: row.subType, config });
  }
  const edges = new Map<string, string[]>();
  for (const edge of loaded.connections) {
    const key = `${edge.sourceNodeId}:${edge.sourceHandle}`;
    const list = edges.get(key) ?? [];
    list.push(edge.targetNodeId);
    edges.set(key, list);
  }
  const flows = loaded.flows.map((flow) => ({
    ...flow,
    triggers: [...nodes.values()].filter((node) => node.flowId === flow.id && node.subType.startsWith('trigger_')),
  }));
  const needsPhone = [...nodes.values()].some((node) => JSON.stringify(node.config).includes('contact.phoneNumber'));
  return { flows, flowsById: new Map(flows.map((flow) => [flow.id, flow])), nodes, edges, needsPhone };
}

export const nextNodes = (graphs: BotGraphs, nodeId: string, handle: string) => graphs.edges.get(`${nodeId}:${handle}`) ?? [];
