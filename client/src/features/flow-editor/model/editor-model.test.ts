import { describe, expect, test } from 'bun:test';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { invertAction, type EditorAction } from './graph-actions.ts';
import { emptyHistory, forget, record, redo, undo } from './history.ts';
import { newNode } from './new-node.ts';
import { createEdgeMapper } from './edge-mapping.ts';
import { BUTTON_EDGE_COLOR, createNodeMapper, EDGE_COLOR, estimatedHandles, extraSourceHandles, toEdge } from './xyflow-mapping.ts';

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

describe('new nodes', () => {
  test('a new node carries its subtype defaults and a client id', () => {
    const menu = newNode(FLOW, 'send_buttons', { x: 0, y: 200 }, 1);
    expect(newNode(FLOW, 'delay', { x: 1, y: 2 }, 0).config).toEqual({ duration: 5, unit: 'seconds' });
    expect(menu.config.buttons).toEqual([[{ text: 'Botão 1', type: 'callback', value: 'flow_pending' }]]);
    expect(menu.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('every action inverts back to itself', () => {
    const node = newNode(FLOW, 'send_text', { x: 0, y: 0 }, 0);
    const actions: EditorAction[] = [
      { kind: 'addNode', node, connections: [] },
      { kind: 'connect', connection: edge(node, node) },
      { kind: 'updateNode', nodeId: node.id, before: { label: 'A' }, after: { label: 'B' } },
      { kind: 'move', moves: [{ nodeId: node.id, from: { x: 0, y: 0 }, to: { x: 5, y: -20 } }] },
    ];
    for (const action of actions) expect(invertAction(invertAction(action))).toEqual(action);
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
    expect(edges([edge(cond, menu), orphan], new Map([cond, menu].map((n) => [n.id, n])), new Set())).toHaveLength(1);
    console.warn = warn;
  });

  test('a card not measured yet carries estimated handles, so xyflow culls it; measured, its own size and handles', () => {
    const map = createNodeMapper();
    const [fresh] = map([cond], new Set());
    expect(fresh?.initialHeight).toBe(140);
    expect(fresh?.handles?.map((h) => `${h.type}:${h.id}:${h.position}`).sort()).toEqual(['source:default:bottom', 'source:false:left', 'source:true:right', 'target:default:top']);
    expect(estimatedHandles(menu).filter((h) => h.id?.startsWith('button_')).map((h) => h.id)).toEqual(['button_0_0', 'button_2_0']);
    const [measured] = map([cond], new Set(), new Map([[cond.id, { width: 280, height: 96 }]]));
    expect(measured?.measured).toEqual({ width: 280, height: 96 });
    expect(measured?.handles).toBeUndefined();
    // The same data object: the memoised card is not rendered again when only its size arrives.
    expect(measured?.data).toBe(fresh?.data as never);
  });
});

describe('connections named for a screen reader', () => {
  test('by the titles of their nodes, with the branch or the button they leave from', () => {
    const map = createEdgeMapper();
    const start = { ...newNode(FLOW, 'trigger_command', { x: 0, y: 0 }, 0), label: 'Início' };
    const cond = { ...newNode(FLOW, 'if_else', { x: 0, y: 0 }, 1), label: 'É cliente?' };
    const menu = { ...newNode(FLOW, 'send_buttons', { x: 0, y: 0 }, 2), label: 'Menu', config: { message: '', buttons: [[{ text: 'Saber mais', type: 'callback', value: 'flow_x' }]] } };
    const nodes = new Map([start, cond, menu].map((n) => [n.id, n]));
    const [plain, branch, button] = map([edge(start, cond), edge(cond, menu, 'false'), edge(menu, start, 'button_0_0')], nodes, new Set());
    expect(plain?.ariaLabel).toBe('Conexão de «Início» para «É cliente?»');
    expect(branch?.ariaLabel).toBe('Conexão de «É cliente?» (se falso) para «Menu»');
    expect(button?.ariaLabel).toBe('Conexão de «Menu» (botão «Saber mais») para «Início»');
    const renamed = new Map(nodes).set(start.id, { ...start, label: 'Boas-vindas' });
    const connection = edge(start, cond);
    const first = map([connection], nodes, new Set())[0];
    expect(map([connection], new Map(nodes).set(start.id, { ...start, position: { x: 9, y: 9 } }), new Set())[0]).toBe(first as never);
    expect(map([connection], renamed, new Set())[0]?.ariaLabel).toBe('Conexão de «Boas-vindas» para «É cliente?»');
  });
});
