import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { messageResponseSchema } from '@shared/flows/graph.ts';
import { failure, flowUser, parsed } from '../../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('flow messages', () => {
  test('create with a client id (optionally on a node of the same flow), update and delete', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const node = await me.createNode(flowId, 'send_text', 'action');
    const id = crypto.randomUUID();
    const created = await me.call('POST', `/flows/${flowId}/messages`, { id, nodeId: node.id, content: 'Olá {{contact.firstName}}', parseMode: 'HTML' });
    expect(created.status).toBe(201);
    expect(parsed(created, messageResponseSchema).data.message).toMatchObject({ id, nodeId: node.id, parseMode: 'HTML', buttons: [] });
    const updated = await me.call('PUT', `/flows/messages/${id}`, { content: 'Tchau', buttons: [[{ text: 'Site', type: 'url', value: 'https://exemplo.com' }]] });
    expect(parsed(updated, messageResponseSchema).data.message).toMatchObject({ content: 'Tchau', parseMode: 'HTML' });
    const foreignNode = await me.createNode(await me.createFlow(), 'send_text', 'action');
    expect(failure(await me.call('POST', `/flows/${flowId}/messages`, { nodeId: foreignNode.id })).message).toBe('Nó inválido');
    expect((await me.call('DELETE', `/flows/messages/${id}`)).status).toBe(200);
    expect((await me.call('DELETE', `/flows/messages/${id}`)).status).toBe(404);
  });
});

describe('duplicate', () => {
  test('copies the graph under new ids, re-points flow buttons at the copies and starts disabled', async () => {
    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    const menu = await me.createNode(flowId, 'send_buttons', 'action', { config: { message: 'Menu', buttons: [[{ text: 'Ir' }]] } });
    const reply = await me.createNode(flowId, 'send_text', 'action', { config: { message: 'Oi' } });
    await me.call('POST', '/flows/connections', { flowId, sourceNodeId: start.id, targetNodeId: menu.id });
    await me.call('POST', '/flows/connections', { flowId, sourceNodeId: menu.id, targetNodeId: reply.id, sourceHandle: 'button_0_0' });
    await me.call('POST', `/flows/${flowId}/messages`, { content: 'Guardada', nodeId: reply.id });

    const copied = await me.call('POST', `/flows/${flowId}/duplicate`, { name: 'Cópia' });
    expect(copied.status).toBe(201);
    const copyId = parsed(copied, flowResponseSchema).data.flow.id;
    const copy = parsed(await me.call('GET', `/flows/${copyId}`), flowResponseSchema).data.flow;
    expect(copy).toMatchObject({ name: 'Cópia', enabled: false, botId: me.botId });
    expect(copy.nodes?.map((n) => n.subType).sort()).toEqual(['send_buttons', 'send_text', 'trigger_command']);
    const originalIds = new Set([start.id, menu.id, reply.id]);
    expect(copy.nodes?.some((n) => originalIds.has(n.id))).toBe(false);
    const copyReply = copy.nodes?.find((n) => n.subType === 'send_text');
    const copyMenu = copy.nodes?.find((n) => n.subType === 'send_buttons');
    expect((copyMenu?.config.buttons as { value: string }[][])[0]?.[0]?.value).toBe(`flow_${copyReply?.id}`);
    expect(copy.connections?.map((c) => c.sourceHandle).sort()).toEqual(['button_0_0', 'default']);
    expect(copy.messages?.[0]).toMatchObject({ content: 'Guardada', nodeId: copyReply?.id });
    expect(failure(await me.call('POST', `/flows/${flowId}/duplicate`, { name: '' })).message).toBe('Nome do fluxo é obrigatório');
  });
});
