import { afterAll, beforeAll, expect, test } from 'bun:test';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { flowUser, parsed } from '../../test-support/flow-client.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

/** Seeded so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

test('a reader pulling while many writers commit out of order misses nothing and ends equal to the server', async () => {
  const me = await flowUser(server);
  const flowId = await me.createFlow();
  const seed = Number(process.env.SYNC_TEST_SEED ?? 20_261_123);
  const rand = random(seed);
  const nodeIds: string[] = [];
  for (let index = 0; index < 8; index += 1) nodeIds.push((await me.createNode(flowId, 'send_text', 'action')).id);
  const pick = () => nodeIds[Math.floor(rand() * nodeIds.length)] ?? '';

  // Writers of three kinds: push clients, REST calls, and raw transactions that stay open a random while so that
  // transactions begun later commit first (the case a timestamp or a sequence taken at write time would skip).
  const writer = async (index: number) => {
    const client = syncClient(server, me.session.tokens.accessToken);
    for (let step = 0; step < 12; step += 1) {
      const label = `w${index}s${step}`;
      const kind = (index + step) % 3;
      if (kind === 0) {
        const id = crypto.randomUUID();
        await client.push([
          client.envelope('node.create', { node: { id, flowId, type: 'action', subType: 'send_text', label } }),
          client.envelope('node.update', { nodeId: pick(), changes: { label, position: { x: step, y: index } } }),
        ]);
        if (rand() < 0.5) await client.push([client.envelope('node.delete', { nodeId: id })]);
      } else if (kind === 1) {
        await me.call('PUT', `/flows/nodes/${pick()}`, { label });
      } else {
        const hold = Math.floor(rand() * 25);
        await server.db.sql.begin(async (tx) => {
          await tx`update flow_nodes set label = ${label}, updated_at = now() where id = ${pick()}`;
          await Bun.sleep(hold);
        });
      }
    }
  };

  const reader = syncClient(server, me.session.tokens.accessToken);
  let writing = true;
  let pulls = 0;
  const reading = (async () => {
    while (writing) {
      await reader.pullAll();
      pulls += 1;
      await Bun.sleep(Math.floor(rand() * 10));
    }
  })();
  await Promise.all(Array.from({ length: 6 }, (_, index) => writer(index)));
  writing = false;
  await reading;
  await reader.pullAll();

  expect(pulls).toBeGreaterThan(3);
  const flow = parsed(await me.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow;
  const local = [...(reader.local.get('flowNodes')?.values() ?? [])];
  const byId = (rows: Array<{ id: string }>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  expect({ seed, nodes: byId(local.filter((row): row is { id: string } => Object(row).flowId === flowId)) }).toEqual({ seed, nodes: byId(flow.nodes ?? []) });
}, 120_000);
