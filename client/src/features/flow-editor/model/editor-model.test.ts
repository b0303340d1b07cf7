import { describe, expect, test } from 'bun:test';
import type { FlowConnection, FlowNode } from '../../../../../shared/flows/graph.ts';
import { applyAction, invertAction, type EditorAction, type EditorGraph } from './graph-actions.ts';
import { emptyHistory, forget, record, redo, undo } from './history.ts';
import { newNode } from './new-node.ts';
import { BUTTON_EDGE_COLOR, createEdgeMapper, createNodeMapper, EDGE_COLOR, extraSourceHandles, toEdge } from './xyflow-mapping.ts';

const FLOW = crypto.randomUUID();
const edge = (source: FlowNode, target: FlowNode, sourceHandle = 'default'): FlowConnection => ({
  id: crypto.randomUUID(),
  flowId: FLOW,
  sourceNodeId: source.id,
  targetNodeId: target.id,
  sourceHandle,
  targetHandle: 'default',
  label: null,
  createdAt: new Date().toISOString(),
});
const buttonsOf = (graph: EditorGraph, id: string) => graph.nodes.find((n) => n.id === id)?.config.buttons;

describe('editor actions', () => {
  const start = newNode(FLOW, 'trigger_command', { x: 0, y: 0 }, 0);
  const menu = newNode(FLOW, 'send_buttons', { x: 0, y: 200 }, 1);
  const reply = newNode(FLOW, 'send_text', { x: 0, y: 400 }, 2);
  const base: EditorGraph = { nodes: [start, menu, reply], connections: [edge(start, menu)] };

  test('a new node carries its subtype defaults and a client id', () => {
    expect(newNode(FLOW, 'delay', { x: 1, y: 2 }, 0).config).toEqual({ duration: 5, unit: 'seconds' });
    expect(menu.config.buttons).toEqual([[{ text: 'Botão 1', type: 'callback', value: 'flow_pending' }]]);
    expect(start.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('connecting a button handle points the button at the target; disconnecting makes it pending', () => {
    const buttonEdge = edge(menu, reply, 'button_0_0');
    const connected = applyAction(base, { kind: 'connect', connection: buttonEdge });
    expect(buttonsOf(connected, menu.id)).toEqual([[{ text: 'Botão 1', type: 'callback', value: `flow_${reply.id}` }]]);
    const undone = applyAction(connected, invertAction({ kind: 'connect', connection: buttonEdge }));
    expect(undone.connections).toEqual(base.connections);
    expect(buttonsOf(undone, menu.id)).toEqual(menu.config.buttons);
  });

  test('removing a node removes its edges; undoing brings node, edges and button targets back', () => {
    const buttonEdge = edge(menu, reply, 'button_0_0');
    const graph = applyAction(base, { kind: 'connect', connection: buttonEdge });
    const removal: EditorAction = { kind: 'removeNode', node: reply, connections: [buttonEdge] };
    const removed = applyAction(graph, removal);
    expect(removed.nodes.map((n) => n.id)).toEqual([start.id, menu.id]);
    expect(removed.connections).toHaveLength(1);
    expect(buttonsOf(removed, menu.id)).toEqual(menu.config.buttons);
    const restored = applyAction(removed, invertAction(removal));
    expect(restored.connections.map((c) => c.id).sort()).toEqual(graph.connections.map((c) => c.id).sort());
    expect(buttonsOf(restored, menu.id)).toEqual(buttonsOf(graph, menu.id));
  });

  test('updates and moves invert exactly', () => {
    const update: EditorAction = { kind: 'updateNode', nodeId: reply.id, before: { label: reply.label, config: reply.config }, after: { label: 'Oi', config: { message: 'Olá', parseMode: 'HTML' } } };
    const move: EditorAction = { kind: 'move', moves: [{ nodeId: start.id, from: { x: 0, y: 0 }, to: { x: 5, y: -20 } }] };
    let graph = applyAction(applyAction(base, update), move);
    expect(graph.nodes.find((n) => n.id === reply.id)).toMatchObject({ label: 'Oi', config: { message: 'Olá' } });
    expect(graph.nodes[0]?.position).toEqual({ x: 5, y: -20 });
    graph = applyAction(applyAction(graph, invertAction(move)), invertAction(update));
    expect(graph).toEqual(base);
  });
});

describe('undo/redo stack', () => {
  const a: EditorAction = { kind: 'move', moves: [] };
  const b: EditorAction = { kind: 'move', moves: [] };
  test('undo moves to the future, redo back, and a new action clears the future', () => {
    let history = record(record(emptyHistory(), a), b);
    const undone = undo(history);
    expect(undone?.action).toBe(b);
    history = undone?.history ?? history;
    expect(redo(history)?.action).toBe(b);
    history = record(history, { kind: 'move', moves: [] });
    expect(history.future).toEqual([]);
    expect(undo(emptyHistory())).toBeUndefined();
    expect(forget(history, a).past).toHaveLength(1);
  });
});

describe('xyflow mapping', () => {
  const cond = newNode(FLOW, 'if_else', { x: 0, y: 0 }, 0);
  const menu = { ...newNode(FLOW, 'send_buttons', { x: 0, y: 0 }, 0), config: { message: '', buttons: [[{ text: 'A', type: 'callback', value: 'flow_pending' }], [{ text: 'Site', type: 'url', value: 'https://x.com' }], [{ text: 'B', type: 'callback', value: 'flow_abc' }]] } };

  test('conditions get true/false handles; each flow_ button its own button_{row}_{index} handle', () => {
    expect(extraSourceHandles(cond)).toEqual(['true', 'false']);
    expect(extraSourceHandles(menu)).toEqual(['button_0_0', 'button_2_0']);
    expect(extraSourceHandles(newNode(FLOW, 'send_text', { x: 0, y: 0 }, 0))).toEqual([]);
  });

  test('edges are animated smooth-step arrows, purple from buttons and blue otherwise', () => {
    const purple = toEdge(edge(menu, cond, 'button_0_0'));
    expect(purple).toMatchObject({ type: 'smoothstep', animated: true, style: { stroke: BUTTON_EDGE_COLOR, strokeWidth: 2 }, markerEnd: { type: 'arrowclosed', color: BUTTON_EDGE_COLOR } });
    expect(toEdge(edge(cond, menu, 'true')).style?.stroke).toBe(EDGE_COLOR);
  });

  test('mapped nodes keep their identity until their source changes, and orphan edges are dropped', () => {
    const map = createNodeMapper();
    const first = map([cond, menu], new Set());
    const moved = { ...menu, position: { x: 9, y: 9 } };
    const second = map([cond, moved], new Set());
    expect(second[0]).toBe(first[0] as never);
    expect(second[1]).not.toBe(first[1] as never);
    expect(second[1]?.width).toBe(280);
    expect(map([cond, moved], new Set([cond.id]))[0]?.selected).toBe(true);
    const edges = createEdgeMapper();
    const orphan = { ...edge(cond, menu), targetNodeId: crypto.randomUUID() };
    const warn = console.warn;
    console.warn = () => {};
    expect(edges([edge(cond, menu), orphan], new Set([cond.id, menu.id]), new Set())).toHaveLength(1);
    console.warn = warn;
  });
});
