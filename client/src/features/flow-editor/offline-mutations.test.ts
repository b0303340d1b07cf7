import { describe, expect, test } from 'bun:test';
import type { FlowNode } from '@shared/flows/graph.ts';
import { enqueue } from '../../offline/outbox.ts';
import { bot, flow, openTestDb, STAMP, uuid } from '../../offline/test-support/fixtures.ts';

const node = (n: number, flowId: string, changes: Partial<FlowNode> = {}): FlowNode => ({
  id: uuid(n), flowId, type: 'action', subType: 'send_text', label: `Nó ${n}`, position: { x: 0, y: 0 },
  config: {}, order: 0, createdAt: STAMP, updatedAt: STAMP, ...changes,
});

const menu = (n: number, flowId: string) =>
  node(n, flowId, { subType: 'send_buttons', config: { message: 'Menu', buttons: [[{ text: 'Saber mais', type: 'callback', value: 'flow_pending' }]] } });

const buttonValue = async (db: ReturnType<typeof openTestDb>, id: string) =>
  ((await db.flowNodes.get(id))?.config.buttons as { value: string }[][] | undefined)?.[0]?.[0]?.value;

describe('graph mutations applied locally', () => {
  test('a button edge points its button at the target; removing the edge or the target makes it pending', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await db.flows.put(flow(2, uuid(1)));
    await db.flowNodes.bulkPut([menu(3, uuid(2)), node(4, uuid(2)), node(5, uuid(2))]);

    const edge = { id: uuid(6), flowId: uuid(2), sourceNodeId: uuid(3), targetNodeId: uuid(4), sourceHandle: 'button_0_0' };
    await enqueue(db, 'connection.create', { connection: edge });
    expect(await buttonValue(db, uuid(3))).toBe(`flow_${uuid(4)}`);
    await enqueue(db, 'connection.delete', { connectionId: uuid(6) });
    expect(await buttonValue(db, uuid(3))).toBe('flow_pending');

    await enqueue(db, 'connection.create', { connection: { ...edge, id: uuid(7), targetNodeId: uuid(5) } });
    expect(await buttonValue(db, uuid(3))).toBe(`flow_${uuid(5)}`);
    await enqueue(db, 'node.delete', { nodeId: uuid(5) });
    expect(await buttonValue(db, uuid(3))).toBe('flow_pending');
    expect(await db.flowConnections.count()).toBe(0);
  });

  test('deleting a flow takes its graph with it', async () => {
    const db = openTestDb();
    await db.flows.put(flow(2, uuid(1)));
    await db.flowNodes.bulkPut([node(3, uuid(2)), node(4, uuid(2))]);
    await enqueue(db, 'connection.create', { connection: { id: uuid(6), flowId: uuid(2), sourceNodeId: uuid(3), targetNodeId: uuid(4) } });
    await enqueue(db, 'flow.delete', { flowId: uuid(2) });
    expect([await db.flows.count(), await db.flowNodes.count(), await db.flowConnections.count()]).toEqual([0, 0, 0]);
  });
});
