import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { PULL_PAGE_SIZE } from '@shared/sync/protocol.ts';
import { insertChannel } from '../../test-support/fixtures.ts';
import { failure, flowUser, parsed } from '../../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function syncUser() {
  const me = await flowUser(server);
  return { ...me, client: syncClient(server, me.session.tokens.accessToken) };
}

const channelIdOf = async (botId: string, chatId: bigint) =>
  (await server.db.sql<{ id: string }[]>`select id from channels where bot_id = ${botId} and chat_id = ${chatId}`)[0]?.id ?? '';

describe('GET /api/sync/pull', () => {
  test('answers every synced row of the user in the REST shapes, then nothing new', async () => {
    const me = await syncUser();
    await insertChannel(server, me.botId, -100777n, 'Grupo Sync');
    const channelId = await channelIdOf(me.botId, -100777n);
    expect((await me.call('POST', `/flows/channels/${channelId}/welcome`, { message: 'Oi {firstName}' })).status).toBe(200);
    const flowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    const text = await me.createNode(flowId, 'send_text', 'action');
    expect((await me.call('POST', '/flows/connections', { flowId, sourceNodeId: start.id, targetNodeId: text.id })).status).toBe(201);
    await server.db.sql`insert into contacts (bot_id, telegram_id, first_name) values (${me.botId}, 4242, 'Ana')`;

    await me.client.pullAll();
    const flow = parsed(await me.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow;
    const { nodes = [], connections = [], messages: _messages, ...summary } = flow;
    const local = (table: Parameters<typeof me.client.local.get>[0]) => [...(me.client.local.get(table)?.values() ?? [])];
    expect(local('flows')).toEqual([summary]);
    expect(local('flowNodes')).toEqual(expect.arrayContaining(nodes));
    expect(local('flowNodes')).toHaveLength(2);
    expect(local('flowConnections')).toEqual(connections);
    expect(local('bots')).toEqual([expect.objectContaining({ id: me.botId, name: 'Meu Bot' })]);
    expect(local('channels')).toEqual([expect.objectContaining({ id: channelId, botId: me.botId, channelId: '-100777', channelName: 'Grupo Sync' })]);
    expect(local('welcomeMessages')).toEqual([expect.objectContaining({ channelId, botId: me.botId, message: 'Oi {firstName}', enabled: true })]);
    expect(local('contacts')).toEqual([expect.objectContaining({ botId: me.botId, telegramId: '4242', firstName: 'Ana' })]);

    const nothing = await me.client.pullPage();
    expect(nothing).toMatchObject({ cursor: me.client.cursor, hasMore: false, deleted: [] });
    expect(Object.values(nothing.changes).flat()).toEqual([]);
  });

  test('reports deletions as tombstones: a node with its connections, a flow with its nodes, a channel with its welcome', async () => {
    const me = await syncUser();
    await insertChannel(server, me.botId, -100888n, 'Grupo Removido');
    const channelId = await channelIdOf(me.botId, -100888n);
    await me.call('POST', `/flows/channels/${channelId}/welcome`, { message: 'Bem-vindo' });
    const flowId = await me.createFlow();
    const a = await me.createNode(flowId, 'trigger_command', 'trigger');
    const b = await me.createNode(flowId, 'send_text', 'action');
    const edge = crypto.randomUUID();
    await me.client.push([me.client.envelope('connection.create', { connection: { id: edge, flowId, sourceNodeId: a.id, targetNodeId: b.id } })]);
    await me.client.pullAll();
    expect(me.client.local.get('flowConnections')?.has(edge)).toBe(true);

    await me.client.push([me.client.envelope('node.delete', { nodeId: a.id })]);
    const afterNode = await me.client.pullPage();
    expect(afterNode.deleted).toEqual(expect.arrayContaining([{ table: 'flowNodes', id: a.id }, { table: 'flowConnections', id: edge }]));
    await me.client.pullAll();

    await me.client.push([me.client.envelope('flow.delete', { flowId })]);
    await server.db.sql`delete from channels where id = ${channelId}`;
    const afterFlow = await me.client.pullPage();
    expect(afterFlow.deleted).toEqual(
      expect.arrayContaining([
        { table: 'flows', id: flowId },
        { table: 'flowNodes', id: b.id },
        { table: 'channels', id: channelId },
        { table: 'welcomeMessages', id: channelId },
      ]),
    );
    await me.client.pullAll();
    for (const table of ['flows', 'flowNodes', 'flowConnections', 'channels', 'welcomeMessages'] as const) {
      expect({ table, size: me.client.local.get(table)?.size }).toEqual({ table, size: 0 });
    }
  });

  test('pages large changes: hasMore until everything arrived, cursors strictly increasing', async () => {
    const me = await syncUser();
    const total = PULL_PAGE_SIZE + 150;
    await server.db.sql`
      insert into contacts (bot_id, telegram_id, first_name)
      select ${me.botId}, g, 'Contato ' || g from generate_series(1, ${total}) g`;
    const first = await me.client.pullPage(0);
    expect(first.hasMore).toBe(true);
    expect(Object.values(first.changes).flat().length + first.deleted.length).toBe(PULL_PAGE_SIZE);
    const pages = await me.client.pullAll();
    expect(pages).toBe(2);
    expect(me.client.local.get('contacts')?.size).toBe(total);
    expect(me.client.cursor).toBeGreaterThan(first.cursor);
  });

  test('a cursor ahead of everything the server has (a restored database) starts over from 0 with reset', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const first = await me.client.pullPage(0);
    expect(first.reset).toBe(false);
    const idle = await me.client.pullPage(first.cursor);
    expect([idle.reset, idle.cursor, idle.changes.flows]).toEqual([false, first.cursor, []]);
    const ahead = await me.client.pullPage(first.cursor + 1000);
    expect(ahead.reset).toBe(true);
    expect(ahead.cursor).toBe(first.cursor);
    expect(ahead.changes.flows.map((flow) => flow.id)).toEqual([flowId]);
  });

  test('never shows another user rows', async () => {
    const owner = await syncUser();
    const other = await syncUser();
    const flowId = await owner.createFlow();
    await owner.createNode(flowId, 'send_text', 'action');
    await insertChannel(server, owner.botId, -100999n, 'Grupo Alheio');
    await server.db.sql`insert into contacts (bot_id, telegram_id, first_name) values (${owner.botId}, 77, 'Alheio')`;
    await other.client.pullAll();
    const seen = [...other.client.local.values()].flatMap((rows) => [...rows.values()]);
    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toContain(owner.botId);
    expect(JSON.stringify(seen)).not.toContain(flowId);
    expect(other.client.local.get('bots')?.size).toBe(1);
  });

  test('rejects a malformed cursor with a pt-BR 400 and answers 401 without a session', async () => {
    const me = await syncUser();
    const response = await server.api('/api/sync/pull?cursor=abc', { token: me.session.tokens.accessToken });
    expect(response.status).toBe(400);
    expect(failure({ status: 400, body: await response.json() }).message).toBe('Cursor de sincronização inválido');
    expect((await server.api('/api/sync/pull')).status).toBe(401);
  });
});
