import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { UNSTORABLE_TEXT_MESSAGE } from '@shared/api/storable-text.ts';
import { insertChannel } from '../test-support/fixtures.ts';
import { flowUser, type Answer } from '../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';
import { syncClient } from '../test-support/sync-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: UNSTORABLE_TEXT_MESSAGE });
}

const noUnhandledErrors = () => expect(server.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);

describe('text the database cannot store', () => {
  test.each([NUL, LONE_SURROGATE])('is refused with a pt-BR 400 by register, flows, nodes, messages and welcome (%j)', async (bad) => {
    const register = await server.api('/api/auth/register', { json: { name: `Maria ${bad}`, email: `${crypto.randomUUID()}@exemplo.com`, password: 'segredo1' } });
    expectRefused({ status: register.status, body: await register.json() });

    const me = await flowUser(server);
    const flowId = await me.createFlow();
    const node = await me.createNode(flowId, 'send_text', 'action');
    await insertChannel(server, me.botId, -100777n, 'Grupo');
    const [channel] = await server.db.sql<{ id: string }[]>`select id from channels where bot_id = ${me.botId}`;
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/flows', { name: bad, botId: me.botId, executionContexts: ['private'] }],
      ['PUT', `/flows/${flowId}`, { description: bad }],
      ['POST', `/flows/${flowId}/duplicate`, { name: bad }],
      ['POST', '/flows/nodes', { flowId, type: 'action', subType: 'send_text', config: { message: bad } }],
      ['PUT', `/flows/nodes/${node.id}`, { label: bad }],
      // Free-form parts: an http_request body object, and an object key.
      ['POST', '/flows/nodes', { flowId, type: 'action', subType: 'http_request', config: { body: { nested: [bad] } } }],
      ['PUT', `/flows/nodes/${node.id}`, { config: { [bad]: 'x' } }],
      ['POST', '/flows/connections', { flowId, sourceNodeId: node.id, targetNodeId: node.id, label: bad }],
      ['POST', `/flows/${flowId}/messages`, { content: bad }],
      ['POST', `/flows/channels/${channel?.id}/welcome`, { message: bad }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await me.call(method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
      expectRefused(answer);
    }
    noUnhandledErrors();
  });

  test('is refused in a query string or a path parameter', async () => {
    const me = await flowUser(server);
    expectRefused(await me.call('GET', `/flows?botId=${encodeURIComponent(NUL)}`));
    expectRefused(await me.call('GET', `/flows/channel/${encodeURIComponent(NUL)}`));
    noUnhandledErrors();
  });

  test('fails only its own mutation in a sync push, with the pt-BR reason', async () => {
    const me = await flowUser(server);
    const client = syncClient(server, me.session.tokens.accessToken);
    const flowId = await me.createFlow();
    const node = (label: string) => ({ node: { id: crypto.randomUUID(), flowId, type: 'action' as const, subType: 'send_text', label, position: { x: 1, y: 2 } } });
    const answer = await client.push([
      client.envelope('node.create', node('antes')),
      client.envelope('node.create', node(NUL)),
      client.envelope('flow.update', { flowId, changes: { name: LONE_SURROGATE } }),
      client.envelope('node.create', { node: { ...node('config').node, config: { message: NUL } } }),
      client.envelope('node.create', node('depois')),
    ]);
    expect(answer.results.map((result) => [result.status, result.code, result.message])).toEqual([
      ['applied', undefined, undefined],
      ['failed', 'VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE],
      ['failed', 'VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE],
      ['failed', 'VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE],
      ['applied', undefined, undefined],
    ]);
    noUnhandledErrors();
  });
});
