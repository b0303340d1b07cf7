import { describe, expect, test } from 'bun:test';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { mutationArgsSchemas, type MutationArgs, type MutationName } from '@shared/sync/mutations.ts';
import type { CanalizeDb } from '../../../offline/db.ts';
import { enqueue } from '../../../offline/outbox.ts';
import { rebase } from '../../../offline/rebase.ts';
import { bot, flow, openTestDb, uuid } from '../../../offline/test-support/fixtures.ts';
import { saveNodeAction } from '../model/button-edges.ts';
import { invertAction, type EditorAction } from '../model/graph-actions.ts';
import { newNode } from '../model/new-node.ts';
import { actionMutations, positionsMutation, type QueuedMutation } from './action-mutations.ts';

const FLOW = uuid(2);
const edge = (source: FlowNode, target: FlowNode, sourceHandle = 'default'): FlowConnection => ({
  id: crypto.randomUUID(), flowId: FLOW, sourceNodeId: source.id, targetNodeId: target.id, sourceHandle, targetHandle: 'default', label: null,
  createdAt: new Date().toISOString(),
});
const start = newNode(FLOW, 'trigger_command', { x: 0, y: 0 }, 0);
const menu = newNode(FLOW, 'send_buttons', { x: 0, y: 200 }, 1);
const reply = newNode(FLOW, 'send_text', { x: 0, y: 400 }, 2);
const names = (action: EditorAction) => actionMutations(action).map((m) => m.name);

describe('editor action → outbox mutations', () => {
  test('adding a node creates it, then each of its connections, with the same ids', () => {
    const back = [edge(start, reply), edge(menu, reply, 'button_0_0')];
    const mutations = actionMutations({ kind: 'addNode', node: reply, connections: back });
    expect(mutations.map((m) => m.name)).toEqual(['node.create', 'connection.create', 'connection.create']);
    expect(mutations[0]?.args).toEqual({
      node: { id: reply.id, flowId: FLOW, type: 'action', subType: 'send_text', position: reply.position, config: reply.config, label: reply.label, order: 2 },
    });
    expect(mutations[2]?.args).toEqual({
      connection: { id: back[1]?.id, flowId: FLOW, sourceNodeId: menu.id, targetNodeId: reply.id, sourceHandle: 'button_0_0', targetHandle: 'default' },
    });
  });

  test('removing a node is one node.delete (its connections go with it); connect and disconnect map one to one', () => {
    const link = edge(start, menu);
    expect(actionMutations({ kind: 'removeNode', node: menu, connections: [link] })).toEqual([{ name: 'node.delete', args: { nodeId: menu.id } }]);
    expect(names({ kind: 'connect', connection: link })).toEqual(['connection.create']);
    expect(actionMutations({ kind: 'disconnect', connection: link })).toEqual([{ name: 'connection.delete', args: { connectionId: link.id } }]);
  });

  test('a node update sends the new label and config; moves are written apart (use-position-saves)', () => {
    const update: EditorAction = { kind: 'updateNode', nodeId: reply.id, before: { label: 'A', config: {} }, after: { label: 'B', config: { message: 'Oi' } } };
    expect(actionMutations(update)).toEqual([{ name: 'node.update', args: { nodeId: reply.id, changes: { label: 'B', config: { message: 'Oi' } } } }]);
    expect(actionMutations(invertAction(update))).toEqual([{ name: 'node.update', args: { nodeId: reply.id, changes: { label: 'A', config: {} } } }]);
    expect(names({ kind: 'move', moves: [{ nodeId: reply.id, from: { x: 0, y: 0 }, to: { x: 1, y: 1 } }] })).toEqual([]);
  });

  test('the positions of the moved nodes go in one mutation', () => {
    expect(positionsMutation(FLOW, [start, { ...menu, position: { x: 15, y: 30 } }])).toEqual({
      name: 'node.savePositions',
      args: { flowId: FLOW, positions: [{ nodeId: start.id, position: { x: 0, y: 0 } }, { nodeId: menu.id, position: { x: 15, y: 30 } }] },
    });
  });

  test('every mapped mutation passes its shared schema', () => {
    const actions: EditorAction[] = [
      { kind: 'addNode', node: menu, connections: [edge(start, menu)] },
      { kind: 'removeNode', node: menu, connections: [] },
      { kind: 'disconnect', connection: edge(start, menu) },
      { kind: 'updateNode', nodeId: menu.id, before: {}, after: { label: 'Menu', config: menu.config } },
    ];
    const all = [...actions.flatMap(actionMutations), positionsMutation(FLOW, [start, menu])];
    for (const { name, args } of all) expect(mutationArgsSchemas[name].safeParse(args).success).toBe(true);
  });
});

const put = <N extends MutationName>(db: CanalizeDb, mutation: { name: N; args: MutationArgs<N> }) => enqueue(db, mutation.name, mutation.args);
async function queue(db: CanalizeDb, mutations: QueuedMutation[]) {
  const ids: number[] = [];
  for (const mutation of mutations) ids.push((await put(db, mutation)).mutationId);
  return ids;
}
const buttonValue = async (db: CanalizeDb) => ((await db.flowNodes.get(menu.id))?.config.buttons as { value: string }[][])[0]?.[0]?.value;

describe('editor mutations on the local cache', () => {
  async function seeded() {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await db.flows.put(flow(2, uuid(1)));
    await db.flowNodes.bulkPut([start, menu, reply]);
    return db;
  }

  test('a button edge points its button at the target; removing the target makes it pending, and undo brings all back', async () => {
    const db = await seeded();
    const buttonEdge = edge(menu, reply, 'button_0_0');
    await queue(db, actionMutations({ kind: 'connect', connection: buttonEdge }));
    expect(await buttonValue(db)).toBe(`flow_${reply.id}`);

    const removal: EditorAction = { kind: 'removeNode', node: reply, connections: [buttonEdge] };
    await queue(db, actionMutations(removal));
    expect(await db.flowNodes.get(reply.id)).toBeUndefined();
    expect(await db.flowConnections.count()).toBe(0);
    expect(await buttonValue(db)).toBe('flow_pending');

    await queue(db, actionMutations(invertAction(removal)));
    expect((await db.flowNodes.get(reply.id))?.config).toEqual(reply.config);
    expect((await db.flowConnections.get(buttonEdge.id))?.sourceHandle).toBe('button_0_0');
    expect(await buttonValue(db)).toBe(`flow_${reply.id}`);

    await queue(db, actionMutations({ kind: 'disconnect', connection: buttonEdge }));
    expect(await buttonValue(db)).toBe('flow_pending');
  });

  test('a refused connection takes its button value back with it', async () => {
    const db = await seeded();
    const [id] = await queue(db, actionMutations({ kind: 'connect', connection: edge(menu, reply, 'button_0_0') }));
    await rebase(db, { drop: new Set([id ?? 0]) });
    expect(await buttonValue(db)).toBe('flow_pending');
    expect(await db.flowConnections.count()).toBe(0);
  });

  test('saving a menu without its first button moves the second button edge to the shifted handle, and undo restores both', async () => {
    const db = await seeded();
    const other = newNode(FLOW, 'send_text', { x: 200, y: 400 }, 3);
    await db.flowNodes.put(other);
    const first = edge(menu, reply, 'button_0_0');
    const second = edge(menu, other, 'button_1_0');
    await queue(db, actionMutations({ kind: 'updateNode', nodeId: menu.id, before: {}, after: { config: { message: 'Oi', buttons: [[{ text: 'A', type: 'callback', value: 'flow_pending' }], [{ text: 'B', type: 'callback', value: 'flow_pending' }]] } } }));
    await queue(db, [...actionMutations({ kind: 'connect', connection: first }), ...actionMutations({ kind: 'connect', connection: second })]);
    const stored = (await db.flowNodes.get(menu.id)) ?? menu;
    const buttons = stored.config.buttons as object[][];

    const save = saveNodeAction({ nodes: [], connections: [first, second] }, stored, { label: 'Menu', config: { ...stored.config, buttons: [buttons[1]] } });
    for (const mutation of actionMutations(save)) expect(mutationArgsSchemas[mutation.name].safeParse(mutation.args).success).toBe(true);
    await queue(db, actionMutations(save));
    const links = await db.flowConnections.toArray();
    expect(links.map((c) => [c.sourceHandle, c.targetNodeId])).toEqual([['button_0_0', other.id]]);
    expect((await db.flowNodes.get(menu.id))?.config.buttons).toEqual([[{ text: 'B', type: 'callback', value: `flow_${other.id}` }]]);

    await queue(db, actionMutations(invertAction(save)));
    expect((await db.flowConnections.toArray()).map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect((await db.flowNodes.get(menu.id))?.config.buttons).toEqual([
      [{ text: 'A', type: 'callback', value: `flow_${reply.id}` }],
      [{ text: 'B', type: 'callback', value: `flow_${other.id}` }],
    ]);
  });

  test('a positions write moves every cached node it names', async () => {
    const db = await seeded();
    const moved = [start, menu, reply].map((node, index) => ({ ...node, position: { x: index * 15, y: 45 } }));
    await queue(db, [positionsMutation(FLOW, moved)]);
    expect((await db.flowNodes.toArray()).map((n) => n.position).sort((a, b) => a.x - b.x)).toEqual([{ x: 0, y: 45 }, { x: 15, y: 45 }, { x: 30, y: 45 }]);
  });
});
