/**
 * The in-memory shape the walker reads: nodes by id (config parsed with its subtype's schema, so defaults apply),
 * outgoing edges by (node, handle) in order, and the trigger nodes of each flow grouped by subtype.
 */
import { isNodeSubType, type NodeSubType } from '../../../shared/flows/node-catalog.ts';
import { parseNodeConfig } from '../../../shared/flows/node-configs.ts';
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

export function buildBotGraphs(loaded: { flows: EngineFlowRow[]; nodes: EngineNodeRow[]; connections: EngineConnectionRow[] }): BotGraphs {
  const nodes = new Map<string, EngineNode>();
  for (const row of loaded.nodes) {
    if (!isNodeSubType(row.subType)) continue;
    const parsed = parseNodeConfig(row.subType, row.config);
    // A draft the engine cannot read (saved mid-edit) runs with its defaults rather than breaking the flow.
    const config = parsed.success ? (parsed.data as Record<string, unknown>) : (parseNodeConfig(row.subType, {}).data as Record<string, unknown>);
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
