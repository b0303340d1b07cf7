import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { nodesResponseSchema } from '@shared/flows/graph.ts';
import type { PushResult } from '@shared/sync/protocol.ts';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
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

const userVersion = async (userId: string) =>
  Number((await server.db.sql<{ v: number }[]>`select coalesce(max(version), 0)::float8 as v from sync_changes where user_id = ${userId}`)[0]?.v ?? 0);

const nodeArgs = (flowId: string, label: string) => ({
  node: { id: crypto.randomUUID(), flowId, type: 'action' as const, subType: 'send_text', label, position: { x: 1, y: 2 } },
});

describe('POST /api/sync/push: exactly once', () => {
  test('the same batch pushed twice has one effect; the second answer is alreadyApplied', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const first = nodeArgs(flowId, 'Primeiro');
    const batch = [
      me.client.envelope('node.create', first),
      me.client.envelope('node.update', { nodeId: first.node.id, changes: { label: 'Renomeado', position: { x: 50, y: 60 } } }),
      me.client.envelope('node.create', nodeArgs(flowId, 'Segundo')),
    ];
    const applied = await me.client.push(batch);
    expect(applied).toEqual({ lastMutationId: 3, results: [1, 2, 3].map((mutationId) => ({ mutationId, status: 'applied' })) });
    const again = await me.client.push(batch);
    expect(again).toEqual({ lastMutationId: 3, results: [1, 2, 3].map((mutationId) => ({ mutationId, status: 'alreadyApplied' })) });
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes.map((node) => node.label).sort()).toEqual(['Renomeado', 'Segundo']);
    expect(nodes.find((node) => node.id === first.node.id)?.position).toEqual({ x: 50, y: 60 });
  });

  test('one mutation pushed 10 times concurrently is applied once', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const envelope = me.client.envelope('node.create', nodeArgs(flowId, 'Concorrente'));
    const before = await userVersion(me.userId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => me.client.push([envelope])));
    const statuses = answers.map((answer) => answer.results[0]?.status).sort();
    expect(statuses).toEqual(['alreadyApplied', ...Array(8).fill('alreadyApplied'), 'applied'].sort());
    expect(answers.every((answer) => answer.lastMutationId === 1)).toBe(true);
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes).toHaveLength(1);
    // One inserted row, one change version: the intent ran exactly once.
    expect((await userVersion(me.userId)) - before).toBe(1);
  });

  test('a large batch is split into several transactions and every mutation still applies once', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const created = Array.from({ length: 70 }, (_, index) => nodeArgs(flowId, `N${index}`));
    const batch = [
      ...created.map((args) => me.client.envelope('node.create', args)),
      // Deletions open savepoints of their own: more than one chunk can hold.
      ...created.slice(0, 60).map((args) => me.client.envelope('node.delete', { nodeId: args.node.id })),
    ];
    const answer = await me.client.push(batch);
    expect(answer.lastMutationId).toBe(130);
    expect(answer.results.every((result, index) => result.status === 'applied' && result.mutationId === index + 1)).toBe(true);
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes.map((node) => node.label).sort()).toEqual(created.slice(60).map((args) => args.node.label).sort());
  });

  test('a gap is refused with everything after it, then accepted once the missing ids arrive', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const [one, two, three, four] = ['A', 'B', 'C', 'D'].map((label) => me.client.envelope('node.create', nodeArgs(flowId, label)));
    if (!one || !two || !three || !four) throw new Error('envelopes');
    expect(await me.client.push([three, four])).toEqual({
      lastMutationId: 0,
      results: [{ mutationId: 3, status: 'gap' }, { mutationId: 4, status: 'gap' }],
    });
    expect(await me.client.push([one, three, four])).toEqual({
      lastMutationId: 1,
      results: [{ mutationId: 1, status: 'applied' }, { mutationId: 3, status: 'gap' }, { mutationId: 4, status: 'gap' }],
    });
    const resumed = await me.client.push([two, three, four]);
    expect(resumed.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);
    expect(resumed.lastMutationId).toBe(4);
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes.map((node) => node.label).sort()).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('POST /api/sync/push: refused mutations', () => {
  test('a failing mutation is answered with its pt-BR reason, does not block the next ones, and answers the same on resend', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const batch = [
      me.client.envelope('welcome.save', { channelId: crypto.randomUUID(), welcome: { message: 'Olá' } }),
      me.client.envelope('welcome.save', { channelId: crypto.randomUUID(), welcome: { message: '   ' } }),
      me.client.envelope('flow.update', { flowId, changes: { name: 'Depois da falha' } }),
      me.client.envelope('node.create', { node: { flowId, type: 'action', subType: 'send_text' } }),
    ];
    const expected: PushResult = {
      lastMutationId: 4,
      results: [
        { mutationId: 1, status: 'failed', code: 'NOT_FOUND', message: 'Recurso não encontrado' },
        { mutationId: 2, status: 'failed', code: 'VALIDATION_FAILED', message: 'Mensagem não pode ser vazia' },
        { mutationId: 3, status: 'applied' },
        { mutationId: 4, status: 'failed', code: 'VALIDATION_FAILED', message: 'Identificador obrigatório para alterações offline' },
      ],
    };
    expect(await me.client.push(batch)).toEqual(expected);
    const flow = parsed(await me.call('GET', `/flows/${flowId}?includeNodes=false`), flowResponseSchema).data.flow;
    expect(flow.name).toBe('Depois da falha');
    const resend = await me.client.push(batch);
    const resent = expected.results.map((r): PushResult['results'][number] => (r.status === 'applied' ? { mutationId: r.mutationId, status: 'alreadyApplied' } : r));
    expect(resend).toEqual({ ...expected, results: resent });
  });

  test('a refused intent leaves none of its writes behind', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    // The target is a trigger: refused after the checks ran; nothing may be half-written.
    const answer = await me.client.push([
      me.client.envelope('connection.create', { connection: { id: crypto.randomUUID(), flowId, sourceNodeId: start.id, targetNodeId: start.id } }),
    ]);
    expect(answer.results[0]).toMatchObject({ status: 'failed', code: 'CONNECTION_INVALID' });
    expect(await server.db.sql`select 1 from flow_connections where flow_id = ${flowId}`).toHaveLength(0);
  });

  test('several refusals inside one batch: the mutations around them are applied once, in order', async () => {
    const me = await syncUser();
    const flowId = await me.createFlow();
    const start = await me.createNode(flowId, 'trigger_command', 'trigger');
    const [a, b, c] = [nodeArgs(flowId, 'A'), nodeArgs(flowId, 'B'), nodeArgs(flowId, 'C')];
    const answer = await me.client.push([
      me.client.envelope('node.create', a),
      me.client.envelope('connection.create', { connection: { id: crypto.randomUUID(), flowId, sourceNodeId: a.node.id, targetNodeId: start.id } }),
      me.client.envelope('node.create', b),
      me.client.envelope('node.create', a),
      me.client.envelope('node.update', { nodeId: crypto.randomUUID(), changes: { label: 'fantasma' } }),
      me.client.envelope('node.update', { nodeId: b.node.id, changes: { label: 'B2' } }),
      me.client.envelope('node.create', c),
    ]);
    expect(answer.results.map((result) => result.code ?? result.status)).toEqual([
      'applied', 'CONNECTION_INVALID', 'applied', 'VALIDATION_FAILED', 'NOT_FOUND', 'applied', 'applied',
    ]);
    const nodes = parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes;
    expect(nodes.map((node) => node.label).sort()).toEqual(['A', 'B2', 'C', start.label].sort());
  });

  test('another user resource is not found, and the owner data is untouched', async () => {
    const owner = await syncUser();
    const intruder = await syncUser();
    const flowId = await owner.createFlow();
    const node = await owner.createNode(flowId, 'send_text', 'action');
    const other = await owner.createNode(flowId, 'send_text', 'action');
    const answer = await intruder.client.push([
      intruder.client.envelope('bot.setActive', { botId: owner.botId, isActive: false }),
      intruder.client.envelope('bot.delete', { botId: owner.botId }),
      intruder.client.envelope('flow.update', { flowId, changes: { name: 'invasão' } }),
      intruder.client.envelope('flow.delete', { flowId }),
      intruder.client.envelope('node.update', { nodeId: node.id, changes: { label: 'invasão' } }),
      intruder.client.envelope('node.delete', { nodeId: node.id }),
      intruder.client.envelope('node.savePositions', { flowId, positions: [{ nodeId: node.id, position: { x: 9, y: 9 } }] }),
      intruder.client.envelope('node.create', { node: { id: crypto.randomUUID(), flowId, type: 'action', subType: 'send_text' } }),
      intruder.client.envelope('connection.create', { connection: { id: crypto.randomUUID(), flowId, sourceNodeId: node.id, targetNodeId: other.id } }),
    ]);
    expect(answer.results.map((result) => [result.status, result.code])).toEqual(Array(9).fill(['failed', 'NOT_FOUND']));
    const flow = parsed(await owner.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow;
    expect(flow.name).toBe('Boas-vindas');
    expect(flow).toMatchObject({ nodes: [{ label: node.label, position: node.position }, { id: other.id }], connections: [] });
    expect((await owner.call('GET', `/bots/${owner.botId}`)).status).toBe(200);
  });

  test("a pushed creation with another account's id fails exactly like one with a malformed id", async () => {
    const owner = await syncUser();
    const intruder = await syncUser();
    const ownerFlow = await owner.createFlow();
    const ownerNode = await owner.createNode(ownerFlow, 'send_text', 'action');
    const flowId = await intruder.createFlow();
    const flowArgs = (id: string) => ({ flow: { id, name: 'A', botId: intruder.botId, executionContexts: ['private' as const] } });
    const nodeWithId = (id: string) => ({ node: { ...nodeArgs(flowId, 'X').node, id } });
    const answer = await intruder.client.push([
      intruder.client.envelope('flow.create', flowArgs(ownerFlow)),
      intruder.client.envelope('flow.create', flowArgs('nao-e-uuid')),
      intruder.client.envelope('node.create', nodeWithId(ownerNode.id)),
      intruder.client.envelope('node.create', nodeWithId('nao-e-uuid')),
    ]);
    const [takenFlow, badFlow, takenNode, badNode] = answer.results.map(({ mutationId: _, ...rest }) => rest);
    expect(takenFlow).toEqual({ status: 'failed', code: 'VALIDATION_FAILED', message: 'Identificador inválido' });
    expect([badFlow, takenNode, badNode]).toEqual([takenFlow, takenFlow, takenFlow]);
  });

  test('rejects a malformed batch with a pt-BR 400 and an anonymous push with 401', async () => {
    const me = await syncUser();
    expect(failure(await me.client.pushRaw({ mutations: [] })).message).toBe('Lote de alterações inválido');
    const mixed = [me.client.envelope('flow.delete', { flowId: crypto.randomUUID() }), { ...me.client.envelope('flow.delete', { flowId: crypto.randomUUID() }), clientId: crypto.randomUUID() }];
    expect(failure(await me.client.pushRaw({ mutations: mixed })).message).toBe('Um lote deve vir de um único cliente');
    const unknown = await me.client.pushRaw({ mutations: [{ ...me.client.envelope('flow.delete', { flowId: crypto.randomUUID() }), name: 'flow.explode' }] });
    expect(unknown.status).toBe(400);
    expect(failure(unknown).message).toBe('Alteração desconhecida');
    expect((await server.api('/api/sync/push', { json: { mutations: mixed } })).status).toBe(401);
  });
});
