/**
 * Random flow-graph edits for the model test, made the way the editor makes them: against what one tab's cache
 * shows, with client-generated ids, a node and its first edge queued as one action. Most edits go to the "hot"
 * flow (the lowest id a tab knows, the same on every device), so devices editing offline collide on one graph;
 * some name nodes or edges another device may have deleted meanwhile, or break a server rule on purpose.
 */
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { CanalizeDb } from '../db.ts';
import type { Queued } from '../outbox.ts';
import { uuid } from './fixtures.ts';
import type { Random } from './random.ts';

/** Every node and edge id ever handed out, for references to rows a tab no longer (or never) had. */
export type GraphIds = { next: number; nodes: string[]; connections: string[] };

const SUBTYPES = ['trigger_message', 'send_text', 'send_buttons', 'send_buttons', 'if_else', 'delay'] as const;
type Kind = (typeof SUBTYPES)[number];
const TYPE_OF: Record<Kind, FlowNode['type']> = {
  trigger_message: 'trigger', send_text: 'action', send_buttons: 'action', if_else: 'condition', delay: 'action',
};

function buttonRows(random: Random) {
  const count = 1 + random.int(4);
  const buttons = Array.from({ length: count }, (_, n) => ({
    text: `Botão ${n + 1}`,
    type: random.chance(0.15) ? ('url' as const) : ('callback' as const),
    value: random.chance(0.15) ? 'https://exemplo.com.br' : 'flow_pending',
  })).map((button) => (button.type === 'url' ? { ...button, value: 'https://exemplo.com.br' } : button));
  // One or two rows, never an empty one.
  const split = count > 1 && random.chance(0.5) ? 1 + random.int(count - 1) : count;
  return split === count ? [buttons] : [buttons.slice(0, split), buttons.slice(split)];
}

/** A whole configuration of the subtype, as the editor's forms send it. */
export function fullConfig(subType: string, random: Random): Record<string, unknown> {
  switch (subType) {
    case 'trigger_message':
      return { pattern: `oi ${random.int(50)}` };
    case 'send_text':
      return { message: `Texto ${random.int(1000)}`, parseMode: 'none' };
    case 'send_buttons':
      return { message: `Escolha ${random.int(1000)}`, parseMode: 'none', buttons: buttonRows(random) };
    case 'if_else':
      return { variable: 'nome', operator: 'equals', value: `v${random.int(10)}` };
    case 'delay':
      return { duration: 1 + random.int(60), unit: 'seconds' };
    default:
      return {};
  }
}

const position = (random: Random) => ({ x: random.int(2000) - 1000, y: random.int(2000) - 1000 });

function pickHandle(source: FlowNode, random: Random): string {
  if (source.type === 'condition' && random.chance(0.6)) return random.chance(0.5) ? 'true' : 'false';
  const rows = source.config.buttons;
  if (source.subType === 'send_buttons' && Array.isArray(rows) && random.chance(0.8)) {
    // Sometimes a button that is not there (any more): the server refuses the edge.
    if (random.chance(0.1)) return `button_${rows.length}_0`;
    const row = random.int(rows.length);
    const length = Array.isArray(rows[row]) ? rows[row].length : 1;
    return `button_${row}_${random.int(length)}`;
  }
  return random.chance(0.05) ? 'true' : 'default';
}

/** One editor action (one or a few mutations), or nothing when the tab shows no flow. */
export async function planGraphEdit(db: CanalizeDb, random: Random, ids: GraphIds): Promise<Queued[]> {
  const flows = (await db.flows.toArray()).sort((a, b) => a.id.localeCompare(b.id));
  const flow = random.chance(0.65) ? flows[0] : random.pick(flows);
  if (!flow) return [];
  const nodes = await db.flowNodes.where('flowId').equals(flow.id).toArray();
  const connections = await db.flowConnections.where('flowId').equals(flow.id).toArray();
  // A node of this flow as shown here, or now and then any node id ever created (maybe deleted, maybe elsewhere).
  const someNodeId = () => (random.chance(0.1) || nodes.length === 0 ? random.pick(ids.nodes) : random.pick(nodes)?.id);
  const roll = random.next();

  if (roll < 0.3 || nodes.length < 2) {
    const subType = random.pick(SUBTYPES)!;
    const id = uuid(ids.next++);
    ids.nodes.push(id);
    const label = random.chance(0.5) ? `Nó ${id.slice(-4)}` : random.chance(0.5) ? '  ' : undefined;
    const node = { id, flowId: flow.id, type: TYPE_OF[subType], subType, position: position(random), config: fullConfig(subType, random), label, order: random.int(5) };
    const queued: Queued[] = [{ name: 'node.create', args: { node } }];
    // addNode with an edge from an existing node, as dropping a node on a handle does.
    const from = random.pick(nodes);
    if (from && random.chance(0.5)) queued.push(connectionCreate(flow.id, from, id, random, ids));
    return queued;
  }
  if (roll < 0.5) {
    const source = random.chance(0.08) ? undefined : random.pick(nodes);
    const targetId = someNodeId();
    const sourceId = source?.id ?? random.pick(ids.nodes);
    if (!targetId || !sourceId) return [];
    return [connectionCreate(flow.id, source ?? ({ id: sourceId, type: 'action', subType: 'send_text', config: {} } as unknown as FlowNode), targetId, random, ids)];
  }
  if (roll < 0.62) {
    const nodeId = someNodeId();
    if (!nodeId) return [];
    const node = nodes.find((candidate) => candidate.id === nodeId);
    const changes: Record<string, unknown> = {};
    if (random.chance(0.4)) changes.label = random.chance(0.2) ? '' : `Rótulo ${random.int(100)}`;
    if (random.chance(0.3)) changes.position = position(random);
    if (random.chance(0.2)) changes.order = random.int(9);
    if (node && random.chance(0.5)) changes.config = fullConfig(node.subType, random);
    return [{ name: 'node.update', args: { nodeId, changes } }];
  }
  if (roll < 0.74) {
    const moved = nodes.filter(() => random.chance(0.7)).map((node) => ({ nodeId: node.id, position: position(random) }));
    // A node this tab no longer has (another device deleted it) or one of another flow: the server skips it.
    const stray = random.chance(0.15) ? random.pick(ids.nodes) : undefined;
    if (stray && !moved.some((entry) => entry.nodeId === stray)) moved.push({ nodeId: stray, position: position(random) });
    return [{ name: 'node.savePositions', args: { flowId: flow.id, positions: moved } }];
  }
  if (roll < 0.86) {
    const nodeId = someNodeId();
    return nodeId ? [{ name: 'node.delete', args: { nodeId } }] : [];
  }
  const connectionId = random.chance(0.1) || connections.length === 0 ? random.pick(ids.connections) : random.pick(connections)?.id;
  return connectionId ? [{ name: 'connection.delete', args: { connectionId } }] : [];
}

function connectionCreate(flowId: string, source: Pick<FlowNode, 'id' | 'type' | 'subType' | 'config'>, targetId: string, random: Random, ids: GraphIds): Queued {
  const id = uuid(ids.next++);
  ids.connections.push(id);
  const connection: Partial<FlowConnection> & { id: string } = {
    id, flowId, sourceNodeId: source.id, targetNodeId: targetId, sourceHandle: pickHandle(source as FlowNode, random),
  };
  if (random.chance(0.2)) connection.label = `Rota ${random.int(10)}`;
  return { name: 'connection.create', args: { connection: connection as Required<typeof connection> } };
}

const byId = <T extends { id: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** The cached graph of one tab, in a comparable order. */
export async function localGraph(db: CanalizeDb) {
  return { flowNodes: byId(await db.flowNodes.toArray()), flowConnections: byId(await db.flowConnections.toArray()) };
}

/** The model server's graph, in the same order. */
export function modelGraph(state: { flowNodes: Map<string, FlowNode>; flowConnections: Map<string, FlowConnection> }) {
  return { flowNodes: byId(state.flowNodes.values()), flowConnections: byId(state.flowConnections.values()) };
}
