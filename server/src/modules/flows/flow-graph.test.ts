import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import {
  connectionResponseSchema,
  connectionsResponseSchema,
  messageResponseSchema,
  nodeResponseSchema,
  nodesResponseSchema,
} from '@shared/flows/graph.ts';
import { failure, flowUser, parsed } from '../../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('nodes', () => {
  test('creates with a client id and subtype defaults, updates position and config, rejects limits', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const id = crypto.randomUUID();
    const node = await me.createNode(flowId, 'delay', 'action', { id });
    expect(node).toMatchObject({ id, flowId, label: 'Aguardar', position: { x: 10, y: 20 }, config: { duration: 5, unit: 'seconds' } });
    expect((await me.call('POST', '/flows/nodes', { id, flowId, type: 'action', subType: 'delay' })).status).toBe(400);

    const moved = await me.call('PUT', `/flows/nodes/${id}`, { position: { x: 300, y: 45 } });
    expect(parsed(moved, nodeResponseSchema).data.node.position).toEqual({ x: 300, y: 45 });
    const configured = await me.call('PUT', `/flows/nodes/${id}`, { config: { duration: 2, unit: 'hours' }, label: 'Espera' });
    expect(parsed(configured, nodeResponseSchema).data.node).toMatchObject({ label: 'Espera', config: { duration: 2, unit: 'hours' }, position: { x: 300, y: 45 } });
    // Absent fields and a blank label keep what is stored.
    const reordered = await me.call('PUT', `/flows/nodes/${id}`, { label: '  ', order: 3 });
    expect(parsed(reordered, nodeResponseSchema).data.node).toMatchObject({ label: 'Espera', order: 3, config: { duration: 2, unit: 'hours' }, position: { x: 300, y: 45 } });

    expect(failure(await me.call('PUT', `/flows/nodes/${id}`, { config: { duration: 0 } })).message).toBe('Duração mínima é 1');
    expect((await me.call('PUT', `/flows/nodes/${id}`, { config: { unit: 'days' } })).status).toBe(400);
    const five = [[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c' }], [{ text: 'd' }], [{ text: 'e' }]];
    const tooMany = await me.call('POST', '/flows/nodes', { flowId, type: 'action', subType: 'send_buttons', config: { buttons: five } });
    expect(failure(tooMany).message).toBe('Máximo de 4 botões permitidos');
    const mismatch = await me.call('POST', '/flows/nodes', { flowId, type: 'trigger', subType: 'send_text' });
    expect(failure(mismatch).message).toBe('Subtipo não pertence ao tipo do nó');
    for (const [subType, type, config] of [
      ['if_else', 'condition', { operator: 'between' }],
      ['http_request', 'integration', { method: 'PATCH' }],
      ['send_text', 'action', { parseMode: 'MarkdownV2' }],
      ['trigger_contact_updated', 'trigger', { watchFields: ['email'] }],
      ['random', 'condition', { probability: 1.5 }],
    ] as const) {
      expect((await me.call('POST', '/flows/nodes', { flowId, type, subType, config })).status).toBe(400);
    }
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes.map((n) => n.id)).toEqual([id]);
  });
});

describe('connections', () => {
  test('need an existing source and target of the same flow, fitting handles, and no trigger as target', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const otherFlowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    const text = await me.createNode(flowId, 'send_text', 'action');
    const elsewhere = await me.createNode(otherFlowId, 'send_text', 'action');
    const connect = (body: Record<string, unknown>) => me.call('POST', '/flows/connections', { flowId, sourceNodeId: start.id, targetNodeId: text.id, ...body });

    const id = crypto.randomUUID();
    const created = await connect({ id });
    expect(created.status).toBe(201);
    expect(parsed(created, connectionResponseSchema).data.connection).toMatchObject({ id, sourceHandle: 'default', targetHandle: 'default' });
    expect(failure(await connect({})).code).toBe('CONNECTION_EXISTS');
    expect(failure(await connect({ id, sourceHandle: 'true' })).code).toBe('CONNECTION_INVALID');
    expect(failure(await connect({ targetNodeId: elsewhere.id })).code).toBe('CONNECTION_INVALID');
    expect(failure(await connect({ targetNodeId: crypto.randomUUID() })).code).toBe('CONNECTION_INVALID');
    expect(failure(await connect({ sourceNodeId: text.id, targetNodeId: start.id })).code).toBe('CONNECTION_INVALID');
    expect(failure(await connect({ sourceNodeId: text.id, sourceHandle: 'button_0_0' })).code).toBe('CONNECTION_INVALID');
    expect((await connect({ sourceHandle: 'nope' })).status).toBe(400);

    const condition = await me.createNode(flowId, 'if_else', 'condition');
    expect((await connect({ sourceNodeId: condition.id, sourceHandle: 'false' })).status).toBe(201);
    const list = parsed(await me.call('GET', `/flows/${flowId}/connections`), connectionsResponseSchema).data.connections;
    expect(list).toHaveLength(2);
  });

  test('a button edge points its button at the target; deleting the edge or the target makes it pending again', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const buttons = await me.createNode(flowId, 'send_buttons', 'action', { config: { message: 'Escolha', buttons: [[{ text: 'A' }], [{ text: 'B' }]] } });
    const a = await me.createNode(flowId, 'send_text', 'action');
    const b = await me.createNode(flowId, 'send_text', 'action');
    const buttonValue = async (row: number) => {
      const node = parsed(await me.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow.nodes?.find((n) => n.id === buttons.id);
      return (node?.config.buttons as { value: string }[][])[row]?.[0]?.value;
    };
    expect(await buttonValue(0)).toBe('flow_pending');
    expect((await me.call('POST', '/flows/connections', { flowId, sourceNodeId: buttons.id, targetNodeId: a.id, sourceHandle: 'button_0_0' })).status).toBe(201);
    const edge = await me.call('POST', '/flows/connections', { flowId, sourceNodeId: buttons.id, targetNodeId: b.id, sourceHandle: 'button_1_0' });
    expect(await buttonValue(0)).toBe(`flow_${a.id}`);
    expect(await buttonValue(1)).toBe(`flow_${b.id}`);
    expect((await me.call('POST', '/flows/connections', { flowId, sourceNodeId: buttons.id, targetNodeId: b.id, sourceHandle: 'button_2_0' })).status).toBe(400);

    expect((await me.call('DELETE', `/flows/connections/${parsed(edge, connectionResponseSchema).data.connection.id}`)).status).toBe(200);
    expect(await buttonValue(1)).toBe('flow_pending');
    expect((await me.call('DELETE', `/flows/nodes/${a.id}`)).status).toBe(200);
    expect(await buttonValue(0)).toBe('flow_pending');
  });

  test('deleting a node deletes every connection into and out of it', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const [start, middle, end] = [
      await me.createNode(flowId, 'trigger_command', 'trigger'),
      await me.createNode(flowId, 'send_text', 'action'),
      await me.createNode(flowId, 'send_text', 'action'),
    ];
    await me.call('POST', '/flows/connections', { flowId, sourceNodeId: start.id, targetNodeId: middle.id });
    await me.call('POST', '/flows/connections', { flowId, sourceNodeId: middle.id, targetNodeId: end.id });
    await me.call('POST', '/flows/connections', { flowId, sourceNodeId: start.id, targetNodeId: end.id });
    expect((await me.call('DELETE', `/flows/nodes/${middle.id}`)).status).toBe(200);
    const left = parsed(await me.call('GET', `/flows/${flowId}/connections`), connectionsResponseSchema).data.connections;
    expect(left.map((c) => [c.sourceNodeId, c.targetNodeId])).toEqual([[start.id, end.id]]);
    expect((await me.call('DELETE', `/flows/nodes/${middle.id}`)).status).toBe(404);
  });
});

describe('tenant isolation of the graph', () => {
  test("another user's nodes, connections and messages are 404 and cannot be linked to", async () => {
    const me = await flowUser(server);
    const other = await flowUser(server);
    const flowId = await other.createFlow();
    const a = await other.createNode(flowId, 'trigger_command', 'trigger');
    const b = await other.createNode(flowId, 'send_text', 'action');
    const edge = parsed(await other.call('POST', '/flows/connections', { flowId, sourceNodeId: a.id, targetNodeId: b.id }), connectionResponseSchema).data.connection;
    const message = parsed(await other.call('POST', `/flows/${flowId}/messages`, { content: 'Oi' }), messageResponseSchema).data.message;
    const mine = await me.createFlow();
    for (const [method, path, body] of [
      ['GET', `/flows/${flowId}/nodes`],
      ['GET', `/flows/${flowId}/connections`],
      ['PUT', `/flows/nodes/${b.id}`, { label: 'X' }],
      ['PUT', `/flows/nodes/${b.id}`, { position: { x: 999, y: 999 } }],
      ['PUT', `/flows/nodes/${b.id}`, { config: { text: 'invasão' } }],
      ['DELETE', `/flows/nodes/${b.id}`],
      ['DELETE', `/flows/connections/${edge.id}`],
      ['POST', '/flows/nodes', { flowId, type: 'action', subType: 'send_text' }],
      ['POST', '/flows/connections', { flowId, sourceNodeId: a.id, targetNodeId: b.id, sourceHandle: 'true' }],
      ['POST', `/flows/${flowId}/messages`, { content: 'X' }],
      ['PUT', `/flows/messages/${message.id}`, { content: 'X' }],
      ['DELETE', `/flows/messages/${message.id}`],
    ] as const) {
      expect({ path, method, status: (await me.call(method, path, body)).status }).toEqual({ path, method, status: 404 });
    }
    const linkIntoMine = await me.call('POST', '/flows/connections', { flowId: mine, sourceNodeId: a.id, targetNodeId: b.id });
    expect(linkIntoMine.status).toBe(400);
    const graph = parsed(await other.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow;
    expect([graph.nodes?.length, graph.connections?.length, graph.messages?.[0]?.content]).toEqual([2, 1, 'Oi']);
    expect(graph.nodes?.find((node) => node.id === b.id)).toMatchObject({ label: b.label, position: b.position, config: b.config });
  });
});

describe('client-chosen ids', () => {
  test("an id held by another account is refused exactly like a malformed id, for every creation", async () => {
    const me = await flowUser(server);
    const other = await flowUser(server);
    const flowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    const text = await me.createNode(flowId, 'send_text', 'action');
    const otherFlow = await other.createFlow();
    const [a, b] = [await other.createNode(otherFlow, 'trigger_command', 'trigger'), await other.createNode(otherFlow, 'send_text', 'action')];
    const otherEdge = parsed(await other.call('POST', '/flows/connections', { flowId: otherFlow, sourceNodeId: a.id, targetNodeId: b.id }), connectionResponseSchema).data.connection;
    const otherMessage = parsed(await other.call('POST', `/flows/${otherFlow}/messages`, { content: 'oi' }), messageResponseSchema).data.message;
    const creations: Array<[string, (id: string) => Record<string, unknown>, string]> = [
      ['/flows', (id) => ({ id, name: 'A', botId: me.botId, executionContexts: ['private'] }), otherFlow],
      ['/flows/nodes', (id) => ({ id, flowId, type: 'action', subType: 'delay' }), b.id],
      ['/flows/connections', (id) => ({ id, flowId, sourceNodeId: start.id, targetNodeId: text.id }), otherEdge.id],
      [`/flows/${flowId}/messages`, (id) => ({ id, content: 'oi' }), otherMessage.id],
    ];
    for (const [path, body, takenId] of creations) {
      const malformed = await me.call('POST', path, body('nao-e-uuid'));
      const taken = await me.call('POST', path, body(takenId));
      expect({ path, status: taken.status, body: taken.body }).toEqual({ path, status: malformed.status, body: malformed.body });
      expect(taken.status).toBe(400);
    }
  });
});
