import { describe, expect, test } from 'bun:test';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { buttonEdgeChanges, connectAction, saveNodeAction } from './button-edges.ts';
import { invertAction } from './graph-actions.ts';
import { newNode } from './new-node.ts';

const FLOW = crypto.randomUUID();
const edge = (source: FlowNode, target: FlowNode, sourceHandle: string): FlowConnection => ({
  id: crypto.randomUUID(), flowId: FLOW, sourceNodeId: source.id, targetNodeId: target.id, sourceHandle, targetHandle: 'default', label: null,
  createdAt: new Date().toISOString(),
});
const [a, b, c] = [1, 2, 3].map((i) => newNode(FLOW, 'send_text', { x: 0, y: i * 100 }, i)) as [FlowNode, FlowNode, FlowNode];
const flow = (target: FlowNode) => ({ text: target.id.slice(0, 4), type: 'callback', value: `flow_${target.id}` });
const action = (text: string) => ({ text, type: 'url', value: 'https://example.com' });
const rows = (...buttons: object[]) => ({ message: 'Escolha', buttons: buttons.map((button) => [button]) });
const menuWith = (...buttons: object[]): FlowNode => ({ ...newNode(FLOW, 'send_buttons', { x: 0, y: 0 }, 0), config: rows(...buttons) });
let counter = 0;
const ids = () => `new-${++counter}`;

describe('button edges follow their buttons on save', () => {
  test('removing the first button moves the later edges to the shifted handles', () => {
    const menu = menuWith(flow(a), flow(b), flow(c));
    const edges = [edge(menu, a, 'button_0_0'), edge(menu, b, 'button_1_0'), edge(menu, c, 'button_2_0')];
    const { removed, added } = buttonEdgeChanges(menu.id, menu.config, rows(flow(b), flow(c)), edges, ids);
    expect(removed.map((e) => e.id)).toEqual(edges.map((e) => e.id));
    expect(added.map((e) => [e.sourceHandle, e.targetNodeId])).toEqual([['button_0_0', b.id], ['button_1_0', c.id]]);
    expect(added.every((e) => e.id.startsWith('new-') && e.sourceNodeId === menu.id)).toBe(true);
  });

  test('a connected button switched to "Ação" loses its edge; the others stay untouched', () => {
    const menu = menuWith(flow(a), flow(b));
    const edges = [edge(menu, a, 'button_0_0'), edge(menu, b, 'button_1_0')];
    const { removed, added } = buttonEdgeChanges(menu.id, menu.config, rows({ text: 'x', type: 'callback', value: '' }, flow(b)), edges, ids);
    expect(removed).toEqual(edges.slice(0, 1));
    expect(added).toEqual([]);
  });

  test('a text-only edit changes no edge, and edges of other nodes or plain handles are ignored', () => {
    const menu = menuWith(flow(a), action('Site'));
    const edges = [edge(menu, a, 'button_0_0'), edge(menu, b, 'default'), edge(a, b, 'button_0_0')];
    expect(buttonEdgeChanges(menu.id, menu.config, rows({ ...flow(a), text: 'Novo' }, action('Site')), edges, ids)).toEqual({ removed: [], added: [] });
  });

  test('two buttons on the same target are matched in order', () => {
    const menu = menuWith(action('Site'), flow(a), flow(a));
    const edges = [edge(menu, a, 'button_1_0'), edge(menu, a, 'button_2_0')];
    const { removed, added } = buttonEdgeChanges(menu.id, menu.config, rows(flow(a), flow(a)), edges, ids);
    expect(removed).toEqual(edges);
    expect(added.map((e) => e.sourceHandle)).toEqual(['button_0_0', 'button_1_0']);
  });

  test('an edge whose button value went stale stays with a pending flow button at its place', () => {
    const menu = menuWith({ text: 'A', type: 'callback', value: 'flow_pending' });
    const edges = [edge(menu, a, 'button_0_0')];
    expect(buttonEdgeChanges(menu.id, menu.config, rows({ text: 'B', type: 'callback', value: 'flow_pending' }), edges, ids)).toEqual({ removed: [], added: [] });
  });

  test('the save is one batch: stale edges go first, then the update, then the moved edges; undo reverses it', () => {
    const menu = menuWith(flow(a), flow(b));
    const edges = [edge(menu, a, 'button_0_0'), edge(menu, b, 'button_1_0')];
    const after = { label: 'Menu', config: rows(flow(b)) };
    const save = saveNodeAction({ nodes: [menu, a, b], connections: edges }, menu, after, ids);
    if (save.kind !== 'batch') throw new Error('expected a batch');
    expect(save.as).toBe('updateNode');
    expect(save.actions.map((x) => x.kind)).toEqual(['disconnect', 'disconnect', 'updateNode', 'connect']);
    const undo = invertAction(save);
    if (undo.kind !== 'batch') throw new Error('expected a batch');
    expect(undo.actions.map((x) => x.kind)).toEqual(['disconnect', 'updateNode', 'connect', 'connect']);
    expect(invertAction(undo)).toEqual(save);
  });

  test('a save that moves no edge stays a plain node update', () => {
    const menu = menuWith(flow(a));
    const save = saveNodeAction({ nodes: [menu], connections: [edge(menu, a, 'button_0_0')] }, menu, { label: 'M', config: rows({ ...flow(a), text: 'Oi' }) });
    expect(save.kind).toBe('updateNode');
  });
});

describe('one edge per flow button', () => {
  test('connecting a button handle again replaces its earlier edge in one step', () => {
    const menu = menuWith(flow(a));
    const earlier = edge(menu, a, 'button_0_0');
    const next = edge(menu, b, 'button_0_0');
    const step = connectAction({ nodes: [menu, a, b], connections: [earlier] }, next);
    expect(step).toEqual({ kind: 'batch', as: 'connect', actions: [{ kind: 'disconnect', connection: earlier }, { kind: 'connect', connection: next }] });
  });

  test('other handles keep several edges', () => {
    const menu = menuWith(flow(a));
    const next = edge(menu, b, 'default');
    expect(connectAction({ nodes: [], connections: [edge(menu, a, 'default'), edge(menu, a, 'button_0_0')] }, next)).toEqual({ kind: 'connect', connection: next });
  });
});
