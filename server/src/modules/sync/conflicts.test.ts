import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { nodesResponseSchema, type FlowNode } from '@shared/flows/graph.ts';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { flowUser, parsed } from '../../test-support/flow-client.ts';
import { insertChannel } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { openEventStream } from '../../test-support/event-stream.ts';

setDefaultTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

/** One user, a flow with two delay nodes, and two devices (phone, laptop) that pulled it all. */
async function twoDevices() {
  const me = await flowUser(server);
  const flowId = await me.createFlow();
  const first = await me.createNode(flowId, 'delay', 'action', { label: 'Espera', config: { duration: 5, unit: 'seconds' } });
  const second = await me.createNode(flowId, 'delay', 'action', { label: 'Outra espera', config: { duration: 3, unit: 'seconds' } });
  const phone = syncClient(server, me.session.tokens.accessToken);
  const laptop = syncClient(server, me.session.tokens.accessToken);
  await phone.pullAll();
  await laptop.pullAll();
  const node = async (id: string): Promise<FlowNode | undefined> =>
    parsed(await me.call('GET', `/flows/${flowId}/nodes`), nodesResponseSchema).data.nodes.find((row) => row.id === id);
  const flow = async () => parsed(await me.call('GET', `/flows/${flowId}`), flowResponseSchema).data.flow;
  return { me, flowId, first, second, phone, laptop, node, flow };
}

const delay = (duration: number, unit = 'seconds') => ({ duration, unit });

describe('a field changed by another device after the edit was made is not overwritten', () => {
  test('the newer value stays, the other fields are written, and the edit answers conflict with both values', async () => {
    const { first, phone, laptop, node } = await twoDevices();
    // The phone edits offline (its base is what it pulled), then the laptop saves first.
    const offline = phone.edit('node.update', { nodeId: first.id, changes: { label: 'Espera curta', config: delay(7) } }, { label: 'Espera curta', 'config.duration': 7 });
    expect((await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 })])).results[0]?.status).toBe('applied');

    const answer = await phone.push([offline]);
    expect(answer.lastMutationId).toBe(1);
    expect(answer.results).toEqual([
      {
        mutationId: 1,
        status: 'conflict',
        code: 'SYNC_CONFLICT',
        message: expect.any(String),
        conflicts: [{ field: 'config.duration', mine: 7, server: 9, changedAt: expect.any(String), byOtherDevice: true }],
      },
    ]);
    expect(await node(first.id)).toMatchObject({ label: 'Espera curta', config: delay(9) });

    // A resend (lost answer) is answered the same and changes nothing.
    const again = await phone.push([offline]);
    expect(again.results[0]).toMatchObject({ status: 'conflict', conflicts: [{ field: 'config.duration', mine: 7, server: 9 }] });
    expect(await node(first.id)).toMatchObject({ label: 'Espera curta', config: delay(9) });

    // "Aplicar o meu": a new edit on the current version goes through.
    await phone.pullAll();
    const mine = await phone.push([phone.edit('node.update', { nodeId: first.id, changes: { config: delay(7) } }, { 'config.duration': 7 })]);
    expect(mine.results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(7) });
  });

  test('ten concurrent resends of a conflicting edit: one effect, every answer the conflict', async () => {
    const { first, phone, laptop, node } = await twoDevices();
    const offline = phone.edit('node.update', { nodeId: first.id, changes: { label: 'Rótulo', config: delay(7) } }, { label: 'Rótulo', 'config.duration': 7 });
    await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 })]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => phone.push([offline])));
    expect(answers.map((answer) => answer.results[0]?.status)).toEqual(Array(10).fill('conflict'));
    expect(await node(first.id)).toMatchObject({ label: 'Rótulo', config: delay(9) });
  });

  test('a flow renamed on two devices keeps the newer name, also when the offline renames stand in for each other', async () => {
    const { flowId, phone, laptop, flow } = await twoDevices();
    const renames = [
      phone.edit('flow.update', { flowId, changes: { name: 'Fluxo A' } }, { name: 'Fluxo A' }),
      phone.edit('flow.update', { flowId, changes: { name: 'Fluxo AB' } }, { name: 'Fluxo AB' }),
    ];
    await laptop.push([laptop.edit('flow.update', { flowId, changes: { name: 'Do notebook' } }, { name: 'Do notebook' })]);
    const answer = await phone.push(renames);
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'conflict']);
    expect(answer.results[1]?.conflicts).toEqual([{ field: 'name', mine: 'Fluxo AB', server: 'Do notebook', changedAt: expect.any(String), byOtherDevice: true }]);
    expect((await flow()).name).toBe('Do notebook');
  });
});

describe('edits that do not touch the same field merge', () => {
  test('different settings of one node', async () => {
    const { first, phone, laptop, node } = await twoDevices();
    // The phone sends the whole config it saw; only the duration is its edit.
    const offline = phone.edit('node.update', { nodeId: first.id, changes: { config: delay(7, 'seconds') } }, { 'config.duration': 7 });
    await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(5, 'minutes') } }, { 'config.unit': 'minutes' })]);
    expect((await phone.push([offline])).results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(7, 'minutes') });
  });

  test('different nodes of one flow', async () => {
    const { first, second, phone, laptop, node } = await twoDevices();
    const offline = phone.edit('node.update', { nodeId: second.id, changes: { config: delay(8) } }, { 'config.duration': 8 });
    await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 })]);
    expect((await phone.push([offline])).results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(9) });
    expect(await node(second.id)).toMatchObject({ config: delay(8) });
  });

  test('a welcome message edited on one device, switched off on the other', async () => {
    const { me, phone, laptop } = await twoDevices();
    await insertChannel(server, me.botId, -100777n, 'Grupo');
    const [channel] = await server.db.sql<{ id: string }[]>`select id from channels where bot_id = ${me.botId}`;
    const channelId = channel?.id ?? '';
    await laptop.push([laptop.envelope('welcome.save', { channelId, welcome: { message: 'Oi' } })]);
    await phone.pullAll();
    await laptop.pullAll();
    const offline = phone.edit('welcome.save', { channelId, welcome: { message: 'Olá {firstName}', enabled: true } }, { message: 'Olá {firstName}' });
    await laptop.push([laptop.edit('welcome.save', { channelId, welcome: { message: 'Oi', enabled: false } }, { enabled: false })]);
    expect((await phone.push([offline])).results[0]?.status).toBe('applied');
    const [row] = await server.db.sql<{ message: string; enabled: boolean }[]>`select message, enabled from welcome_messages where channel_id = ${channelId}`;
    expect(row).toEqual({ message: 'Olá {firstName}', enabled: false });
  });
});

describe('what is not a conflict', () => {
  test('the same device editing its own value again on an old base', async () => {
    const { first, phone, node } = await twoDevices();
    const answer = await phone.push([
      phone.edit('node.update', { nodeId: first.id, changes: { config: delay(7) } }, { 'config.duration': 7 }),
      phone.edit('node.update', { nodeId: first.id, changes: { config: delay(8) } }, { 'config.duration': 8 }),
    ]);
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect((await phone.push([phone.edit('node.update', { nodeId: first.id, changes: { config: delay(6) } }, { 'config.duration': 6 })])).results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(6) });
  });

  test('an edit made after pulling the other device\'s change', async () => {
    const { first, phone, laptop, node } = await twoDevices();
    await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 })]);
    await phone.pullAll();
    expect((await phone.push([phone.edit('node.update', { nodeId: first.id, changes: { config: delay(7) } }, { 'config.duration': 7 })])).results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(7) });
  });

  test('a queued edit without a base (an older app) overwrites as before', async () => {
    const { first, phone, laptop, node } = await twoDevices();
    await laptop.push([laptop.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 })]);
    expect((await phone.push([phone.envelope('node.update', { nodeId: first.id, changes: { config: delay(7) } })])).results[0]?.status).toBe('applied');
    expect(await node(first.id)).toMatchObject({ config: delay(7) });
  });
});

describe('live convergence', () => {
  test('a push that committed changes tells the user\'s open event streams which device made them; a resend tells nobody', async () => {
    const { me, first, phone } = await twoDevices();
    const stream = await openEventStream(server.url, me.session.tokens.accessToken);
    const other = await flowUser(server);
    const strangers = await openEventStream(server.url, other.session.tokens.accessToken);
    try {
      const edit = phone.edit('node.update', { nodeId: first.id, changes: { config: delay(9) } }, { 'config.duration': 9 });
      await phone.push([edit]);
      const synced = () => stream.events.filter((event) => event.data.topic === 'sync.changed');
      await waitFor(() => synced().length > 0);
      expect(synced()).toEqual([{ event: 'change', data: { topic: 'sync.changed', clientId: phone.clientId } }]);
      await phone.push([edit]);
      // A later push's event would arrive after the resend's: one more edit marks the end of the stream to look at.
      await phone.push([phone.edit('node.update', { nodeId: first.id, changes: { label: 'Fim' } }, { label: 'Fim' })]);
      await waitFor(() => synced().length > 1);
      expect(synced()).toHaveLength(2);
      expect(strangers.events.some((event) => event.data.topic === 'sync.changed')).toBe(false);
    } finally {
      stream.close();
      strangers.close();
    }
  });
});

async function waitFor(check: () => boolean) {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) await Bun.sleep(50);
}
