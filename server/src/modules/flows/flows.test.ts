import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flowListResponseSchema, flowsResponseSchema } from '@shared/flows/schemas.ts';
import { insertBot, insertFlow, registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('flows read API', () => {
  test('requires authentication', async () => {
    expect((await server.api('/api/flows')).status).toBe(401);
  });

  test("lists only the user's flows in the shared summary shape, with filters", async () => {
    const me = await registerUser(server);
    const other = await registerUser(server);
    const botA = await insertBot(server, me.user.id, 'Bot A');
    const botB = await insertBot(server, me.user.id, 'Bot B');
    await insertFlow(server, me.user.id, botA, 'Boas-vindas', ['-100123']);
    await insertFlow(server, me.user.id, botB, 'Suporte');
    await insertFlow(server, other.user.id, await insertBot(server, other.user.id), 'Alheio');
    const asMe = { token: me.tokens.accessToken };

    const all = flowsResponseSchema.parse(await (await server.api('/api/flows', asMe)).json()).data.flows;
    expect(all.map((flow) => flow.name).sort()).toEqual(['Boas-vindas', 'Suporte']);
    expect(all.find((flow) => flow.name === 'Boas-vindas')).toMatchObject({
      botId: botA,
      description: null,
      enabled: true,
      triggerType: 'MESSAGE',
      executionContexts: ['private', 'channel'],
      allowedChannelIds: ['-100123'],
    });

    const byBot = flowsResponseSchema.parse(await (await server.api(`/api/flows?botId=${botB}`, asMe)).json());
    expect(byBot.data.flows.map((flow) => flow.name)).toEqual(['Suporte']);
    const byChannel = flowsResponseSchema.parse(await (await server.api('/api/flows?channelId=-100123', asMe)).json());
    expect(byChannel.data.flows.map((flow) => flow.name)).toEqual(['Boas-vindas']);
  });

  test('answers each flow with its runs, counted as the analytics chip counts them', async () => {
    const me = await registerUser(server);
    const bot = await insertBot(server, me.user.id);
    await insertFlow(server, me.user.id, bot, 'Muito usado');
    await insertFlow(server, me.user.id, bot, 'Zerado');
    await insertFlow(server, me.user.id, bot, 'Novo');
    const ids = new Map((await server.db.sql<{ id: string; name: string }[]>`select id, name from flows where user_id = ${me.user.id}`).map((row) => [row.name, row.id]));
    const run = async (flow: string, trigger: boolean, startedAt = new Date()) => {
      const flowId = ids.get(flow) ?? '';
      await server.db.sql`
        insert into flow_executions (id, flow_id, bot_id, contact_telegram_id, chat_id, trigger_node_id, status, started_at)
        values (${crypto.randomUUID()}, ${flowId}, ${bot}, 1, 1, ${trigger ? crypto.randomUUID() : null}, 'completed', ${startedAt})`;
    };
    await run('Muito usado', true);
    await run('Muito usado', true);
    // A flow button's press continues a run: listed in the history, not counted as another.
    await run('Muito usado', false);
    await run('Zerado', true, new Date(Date.now() - 60_000));
    await server.db.sql`insert into flow_stats_resets (flow_id, reset_at) values (${ids.get('Zerado') ?? ''}, now())`;

    const listed = flowListResponseSchema.parse(await (await server.api('/api/flows', { token: me.tokens.accessToken })).json()).data.flows;
    expect(Object.fromEntries(listed.map((flow) => [flow.name, flow.executionCount]))).toEqual({ 'Muito usado': 2, Zerado: 0, Novo: 0 });
  });

  test('rejects a malformed filter with a pt-BR 400', async () => {
    const me = await registerUser(server);
    const response = await server.api('/api/flows?botId=abc', { token: me.tokens.accessToken });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Bot inválido' });
  });
});
