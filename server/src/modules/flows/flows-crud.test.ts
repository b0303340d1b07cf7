import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowResponseSchema, flowsResponseSchema } from '@shared/flows/schemas.ts';
import { variablesResponseSchema } from '@shared/flows/variables.ts';
import { insertChannel } from '../../test-support/fixtures.ts';
import { failure, flowUser, parsed } from '../../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('flow calls of docs/product.md#api-flows', () => {
  test('creates a flow with a client id and defaults, then reads, updates, toggles and deletes it', async () => {
    const me = await flowUser(server);
    const id = crypto.randomUUID();
    const created = await me.call('POST', '/flows', { id, name: ' Vendas ', description: 'Funil', botId: me.botId, trigger: { type: 'MESSAGE' }, executionContexts: ['private', 'group'], allowedChannelIds: [] });
    expect(created.status).toBe(201);
    expect(parsed(created, flowResponseSchema).data.flow).toMatchObject({ id, name: 'Vendas', enabled: true, triggerType: 'MESSAGE', executionContexts: ['private', 'group'] });

    const detail = parsed(await me.call('GET', `/flows/${id}`), flowResponseSchema).data.flow;
    expect(detail).toMatchObject({ nodes: [], connections: [], messages: [] });
    const bare = parsed(await me.call('GET', `/flows/${id}?includeNodes=false`), flowResponseSchema).data.flow;
    expect(bare.nodes).toBeUndefined();

    const updated = await me.call('PUT', `/flows/${id}`, { name: 'Vendas 2', description: '' });
    expect(parsed(updated, flowResponseSchema).data.flow).toMatchObject({ name: 'Vendas 2', description: null });

    expect(parsed(await me.call('PATCH', `/flows/${id}/toggle`), flowResponseSchema).data.flow.enabled).toBe(false);
    expect(parsed(await me.call('PATCH', `/flows/${id}/toggle`, { enabled: true }), flowResponseSchema).data.flow.enabled).toBe(true);
    expect(parsed(await me.call('PATCH', `/flows/${id}/toggle`, { enabled: true }), flowResponseSchema).data.flow.enabled).toBe(true);

    expect((await me.call('DELETE', `/flows/${id}`)).status).toBe(200);
    expect((await me.call('GET', `/flows/${id}`)).status).toBe(404);
  });

  test('validates creation with the texts of docs/product.md#rules-create-flow', async () => {
    const me = await flowUser(server);
    const expectMessage = async (body: Record<string, unknown>, message: string) => {
      const answer = await me.call('POST', '/flows', body);
      expect(answer.status).toBe(400);
      expect(failure(answer).message).toBe(message);
    };
    await expectMessage({ name: '  ', botId: me.botId, executionContexts: ['private'] }, 'Nome do fluxo é obrigatório');
    await expectMessage({ name: 'A', botId: '', executionContexts: ['private'] }, 'Selecione um bot');
    await expectMessage({ name: 'A', botId: me.botId, executionContexts: [] }, 'Selecione pelo menos um contexto de execução');
    await expectMessage(
      { name: 'A', botId: me.botId, executionContexts: ['channel'], allowedChannelIds: [] },
      'Selecione pelo menos um channel quando o contexto "Canais" estiver ativo',
    );
    await expectMessage({ name: 'A', botId: me.botId, executionContexts: ['channel'], allowedChannelIds: ['-1009'] }, 'Canal inválido');
  });

  test('accepts channels of its own bot and lists flows by channel (chat id or channel record id)', async () => {
    const me = await flowUser(server);
    await insertChannel(server, me.botId, -1001234n, 'Grupo VIP');
    const id = await me.createFlow({ executionContexts: ['channel'], allowedChannelIds: ['-1001234'] });
    const byChat = parsed(await me.call('GET', '/flows/channel/-1001234'), flowsResponseSchema).data.flows;
    expect(byChat.map((flow) => flow.id)).toEqual([id]);
    const rows = await server.db.sql<{ id: string }[]>`select id from channels where bot_id = ${me.botId}`;
    const byRecord = parsed(await me.call('GET', `/flows/channel/${rows[0]?.id}`), flowsResponseSchema).data.flows;
    expect(byRecord.map((flow) => flow.id)).toEqual([id]);
    const update = await me.call('PUT', `/flows/${id}`, { allowedChannelIds: [] });
    expect(failure(update).message).toBe('Selecione pelo menos um channel quando o contexto "Canais" estiver ativo');
  });

  test("another user's flow or bot is a 404 everywhere, and a taken client id is refused", async () => {
    const me = await flowUser(server);
    const other = await flowUser(server);
    const id = await other.createFlow();
    for (const [method, path, body] of [
      ['GET', `/flows/${id}`],
      ['PUT', `/flows/${id}`, { name: 'X' }],
      ['DELETE', `/flows/${id}`],
      ['PATCH', `/flows/${id}/toggle`],
      ['POST', `/flows/${id}/duplicate`, { name: 'X' }],
      ['GET', `/flows/${id}/available-variables`],
      ['GET', '/flows/not-a-uuid'],
    ] as const) {
      expect({ path, method, status: (await me.call(method, path, body)).status }).toEqual({ path, method, status: 404 });
    }
    expect((await me.call('POST', '/flows', { name: 'A', botId: other.botId, executionContexts: ['private'] })).status).toBe(404);
    const taken = await me.call('POST', '/flows', { id, name: 'A', botId: me.botId, executionContexts: ['private'] });
    expect(taken.status).toBe(400);
    expect(parsed(await other.call('GET', `/flows/${id}`), flowResponseSchema).data.flow.name).toBe('Boas-vindas');
  });

  test('answers the variables of docs/decisions.md#d-flow-variables', async () => {
    const me = await flowUser(server);
    const id = await me.createFlow();
    const variables = parsed(await me.call('GET', `/flows/${id}/available-variables`), variablesResponseSchema).data.variables;
    expect(variables.map((variable) => variable.path)).toEqual([
      'contact.firstName', 'contact.lastName', 'contact.username', 'contact.telegramId', 'contact.phoneNumber', 'message.text',
      'command.args', 'chat.id', 'chat.title', 'bot.username', 'http.status', 'http.body',
      'access.planName', 'access.daysLeft', 'access.until', 'now.date', 'now.time',
    ]);
  });
});
