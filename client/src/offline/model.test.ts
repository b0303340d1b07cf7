/**
 * The seeded randomized model test (docs/offline-sync.md#testing): several browser profiles edit the
 * same account through random offline windows, lost requests, lost answers followed by a restart, duplicated and
 * late out-of-order deliveries, while the server changes on its own. At the end, with the network calm, every
 * profile must hold exactly the server's rows with an empty outbox, and every mutation must have taken effect on
 * the server exactly once, in id order. Half the edits are flow-graph edits (nodes, edges, flow buttons), mostly
 * on one flow every device edits; at checkpoints the network calms down, everyone converges, and one profile's
 * offline edits are checked to show locally exactly what the server's rules will make of them. A third of the
 * edits are contacts and the inbox (test-support/model-inbox-edits.ts): contact edits (refused ones too), deletes,
 * offline replies and mark-read, while Telegram users write in; converged caches must hold the server's contacts,
 * conversations and newest messages, and every reply must reach Telegram exactly once. SYNC_MODEL_RUNS widens the search; a failure names its seed: `SYNC_MODEL_SEED=<seed> bun test client/src/offline/model.test.ts`.
 */
import { expect, test } from 'bun:test';
import { readMeta, type CanalizeDb } from './db.ts';
import { enqueue, enqueueAll } from './outbox.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { bot, channel, flow, STAMP, uuid, welcomeInput } from './test-support/fixtures.ts';
import { createProfiles, type Network, type Profile, type Tab } from './test-support/model-clients.ts';
import { localGraph, modelGraph, planGraphEdit, type GraphIds } from './test-support/model-graph-edits.ts';
import { applyOn, copyState, createModelServer, type ModelServer } from './test-support/model-server.ts';
import { seededRandom, type Random } from './test-support/random.ts';
import { checkInboxMatchesServerRules, checkInboxRules, editInbox, expectedInbox, inboxServerEvent, localInbox, seedInbox, type InboxWorld } from './test-support/model-inbox-edits.ts';

const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 10);
const SEEDS = process.env.SYNC_MODEL_SEED ? [Number(process.env.SYNC_MODEL_SEED)] : Array.from({ length: RUNS }, (_, index) => 7001 + index * 131);
const STEPS = Number(process.env.SYNC_MODEL_STEPS ?? 160);

for (const seed of SEEDS) {
  test(`profiles converge and every mutation lands exactly once (seed ${seed})`, async () => {
    try {
      await simulate(seed);
    } catch (error) {
      console.error(`model test failed with seed ${seed}: SYNC_MODEL_SEED=${seed} bun test client/src/offline/model.test.ts`);
      throw error;
    }
  }, 120_000);
}

async function simulate(seed: number) {
  const random = seededRandom(seed);
  const clock = { now: Date.UTC(2026, 0, 1) };
  const server = createModelServer({ pageSize: 1 + random.int(8), now: () => clock.now });
  for (let n = 1; n <= 3; n++) server.serverWrite('bots', bot(n));
  for (let n = 11; n <= 14; n++) server.serverWrite('channels', channel(n, uuid(1 + (n % 3))));
  for (let n = 21; n <= 22; n++) server.serverWrite('flows', flow(n, uuid(n - 20)));
  const ids: GraphIds = { next: 1000, nodes: [], connections: [] };
  seedGraph(server, ids);
  const world = seedInbox(server, random, ids);
  const network: Network = { calm: false, stale: [] };
  const profiles = createProfiles(server, random, network, 3);

  for (let step = 0; step < STEPS; step++) {
    if (step > 0 && step % CHECKPOINT_EVERY === 0) await checkpoint(server, profiles, network, random, ids, clock);
    clock.now += 1000;
    const profile = random.pick(profiles)!;
    const tabIndex = random.int(profile.tabs.length);
    const tab = profile.tabs[tabIndex]!;
    const roll = random.next();
    if (roll < 0.45) await editSomething(tab.db, random, ids, new Date(clock.now));
    else if (roll < 0.65) await syncTab(profile, tabIndex);
    else if (roll < 0.73) profile.online = !profile.online;
    else if (roll < 0.78) profile.restart(tabIndex);
    else if (roll < 0.86) serverEvent(server, world, random, ids, clock.now);
    else if (roll < 0.92) deliverStale(server, network, random);
    else await Promise.all(profiles.flatMap((p) => p.tabs.map((_, index) => syncTab(p, index))));
  }

  await checkpoint(server, profiles, network, random, ids, clock);
}

const CHECKPOINT_EVERY = 60;

/** Calm network, everyone online and synced: all converge; then one profile's offline graph edits are predicted. */
async function checkpoint(server: ModelServer, profiles: Profile[], network: Network, random: Random, ids: GraphIds, clock: { now: number }) {
  await settle(server, profiles, network);
  await checkLocalMatchesServerRules(server, random.pick(profiles)!, random, ids, clock);
  await settle(server, profiles, network);
  await checkInboxMatchesServerRules(random.pick(profiles)!.tabs[0]!.db, server, random, ids, clock);
  await settle(server, profiles, network);
  network.calm = false;
}

async function settle(server: ModelServer, profiles: Profile[], network: Network) {
  network.calm = true;
  for (const profile of profiles) profile.online = true;
  for (let round = 0; round < 3; round++) {
    for (const profile of profiles) for (let index = 0; index < profile.tabs.length; index++) await syncTab(profile, index);
  }
  await checkConverged(server, profiles);
}

/**
 * Optimistic application against the server's rules: starting from a converged cache, each editor action the
 * server would accept is queued offline, and the tab's graph must then equal the model server's graph after the
 * same intents (same timestamps: both use the envelope's createdAt). Intents the server would refuse are skipped
 * here; their rollback is covered by the convergence check.
 */
async function checkLocalMatchesServerRules(server: ModelServer, profile: Profile, random: Random, ids: GraphIds, clock: { now: number }) {
  const db = profile.tabs[0]!.db;
  let predicted = copyState(server.state);
  for (let edit = 0; edit < 12; edit++) {
    const plan = await planGraphEdit(db, random, ids);
    if (plan.length === 0) continue;
    clock.now += 1000;
    const at = new Date(clock.now);
    const trial = copyState(predicted);
    if (plan.some((queued) => applyOn(trial, queued.name, queued.args, at.toISOString()) !== undefined)) continue;
    await enqueueAll(db, plan, at);
    predicted = trial;
    const local = await localGraph(db);
    const expected = modelGraph(predicted);
    if (!Bun.deepEquals(local, expected)) {
      console.error('local application differs from the server rules after', JSON.stringify(plan));
    }
    expect(local).toEqual(expected);
  }
}

/** A small graph on flow 21 as the server already holds it: trigger → buttons, its button → a text. */
function seedGraph(server: ModelServer, ids: GraphIds) {
  const node = (n: number, type: FlowNode['type'], subType: string, config: Record<string, unknown>): FlowNode => ({
    id: uuid(n), flowId: uuid(21), type, subType, label: `Nó ${n}`, position: { x: n * 10, y: 0 }, config, order: 0, createdAt: STAMP, updatedAt: STAMP,
  });
  const edge = (n: number, from: number, to: number, sourceHandle: string): FlowConnection => ({
    id: uuid(n), flowId: uuid(21), sourceNodeId: uuid(from), targetNodeId: uuid(to), sourceHandle, targetHandle: 'default', label: null, createdAt: STAMP,
  });
  const buttons = [[{ text: 'Sim', type: 'callback', value: `flow_${uuid(33)}` }, { text: 'Não', type: 'callback', value: 'flow_pending' }]];
  const nodes = [
    node(31, 'trigger', 'trigger_message', { pattern: 'oi' }),
    node(32, 'action', 'send_buttons', { message: 'Escolha', parseMode: 'none', buttons }),
    node(33, 'action', 'send_text', { message: 'Ok', parseMode: 'none' }),
  ];
  const edges = [edge(41, 31, 32, 'default'), edge(42, 32, 33, 'button_0_0')];
  for (const row of nodes) server.serverWrite('flowNodes', row);
  for (const row of edges) server.serverWrite('flowConnections', row);
  ids.nodes.push(...nodes.map((row) => row.id));
  ids.connections.push(...edges.map((row) => row.id));
}

async function syncTab(profile: Profile, tabIndex: number) {
  const tab = profile.tabs[tabIndex];
  if (!tab) return;
  await tab.replayer.sync();
  // The answer was lost after the server applied the batch: this tab dies and opens again with its database.
  if (tab.crashed) profile.restart(tabIndex);
}

/** One user edit through the outbox, checked to be visible at once when its target is known locally. */
async function editSomething(db: CanalizeDb, random: Random, ids: GraphIds, now: Date) {
  if (random.chance(0.4)) return editGraph(db, random, ids, now);
  if (random.chance(0.45)) return editInbox(db, random, ids, now);
  const [bots, channels, flows] = await Promise.all([db.bots.toArray(), db.channels.toArray(), db.flows.toArray()]);
  const anyBot = random.pick(bots);
  const anyChannel = random.pick(channels);
  // Sometimes an id this tab has never seen or has since lost: the server must refuse it.
  const anyFlowId = random.chance(0.08) ? uuid(990) : random.pick(flows)?.id;
  const roll = random.next();
  if (roll < 0.25 && anyBot) {
    const isActive = random.chance(0.5);
    await enqueue(db, 'bot.setActive', { botId: anyBot.id, isActive }, now);
    expect((await db.bots.get(anyBot.id))?.isActive).toBe(isActive);
  } else if (roll < 0.5 && anyChannel) {
    const message = `Olá ${random.int(1000)}`;
    await enqueue(db, 'welcome.save', { channelId: anyChannel.id, welcome: welcomeInput(message) }, now);
    expect((await db.welcomeMessages.get(anyChannel.id))?.message).toBe(message);
  } else if (roll < 0.65 && anyBot) {
    const id = uuid(ids.next++);
    await enqueue(db, 'flow.create', { flow: { id, botId: anyBot.id, name: `Fluxo ${id.slice(-4)}`, executionContexts: ['private'] } }, now);
    expect(await db.flows.get(id)).toBeDefined();
  } else if (roll < 0.8 && anyFlowId) {
    await enqueue(db, 'flow.setEnabled', { flowId: anyFlowId, enabled: random.chance(0.5) }, now);
  } else if (roll < 0.88 && anyFlowId) {
    await enqueue(db, 'flow.update', { flowId: anyFlowId, changes: { name: `Renomeado ${random.int(100)}` } }, now);
  } else if (roll < 0.96 && anyFlowId) {
    await enqueue(db, 'flow.delete', { flowId: anyFlowId }, now);
    expect(await db.flows.get(anyFlowId)).toBeUndefined();
  } else if (anyBot && random.chance(0.3)) {
    await enqueue(db, 'bot.delete', { botId: anyBot.id }, now);
    expect(await db.channels.where('botId').equals(anyBot.id).count()).toBe(0);
  }
}

/** One editor action on a flow graph, visible at once in this tab. */
async function editGraph(db: CanalizeDb, random: Random, ids: GraphIds, now: Date) {
  const plan = await planGraphEdit(db, random, ids);
  if (plan.length === 0) return;
  await enqueueAll(db, plan, now);
  const last = plan.at(-1)!;
  if (last.name === 'node.delete') {
    expect(await db.flowNodes.get(last.args.nodeId)).toBeUndefined();
    const left = await db.flowConnections.filter((edge) => edge.sourceNodeId === last.args.nodeId || edge.targetNodeId === last.args.nodeId).count();
    expect(left).toBe(0);
  } else if (last.name === 'connection.delete') {
    expect(await db.flowConnections.get(last.args.connectionId)).toBeUndefined();
  }
  for (const queued of plan) {
    if (queued.name === 'node.create') expect(await db.flowNodes.get(queued.args.node.id!)).toBeDefined();
  }
}

/** What happens on the server without any client: Telegram reports a chat, the runtime switches a bot off. */
function serverEvent(server: ModelServer, world: InboxWorld, random: Random, ids: { next: number }, now: number) {
  if (random.chance(0.5)) return inboxServerEvent(server, world, random, ids);
  const bots = [...server.state.bots.values()];
  const target = random.pick(bots);
  const roll = random.next();
  if (roll < 0.4 && target) server.serverWrite('channels', channel(ids.next++, target.id));
  else if (roll < 0.7 && target) server.serverWrite('bots', { ...target, isActive: false, inactiveReason: 'Token revogado', updatedAt: new Date(now).toISOString() });
  else server.serverWrite('bots', bot(ids.next++));
}

function deliverStale(server: ModelServer, network: Network, random: Random) {
  const index = random.int(network.stale.length);
  const [late] = network.stale.splice(index, 1);
  if (late && late.length > 0) server.push(late);
}

const sorted = <T>(rows: Iterable<T>, key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

async function checkConverged(server: ModelServer, profiles: Profile[]) {
  const tabs: Tab[] = profiles.flatMap((profile) => profile.tabs);
  for (const tab of tabs) {
    expect(await tab.db.outbox.count()).toBe(0);
    expect(sorted(await tab.db.bots.toArray(), (row) => row.id)).toEqual(sorted(server.state.bots.values(), (row) => row.id));
    expect(sorted(await tab.db.channels.toArray(), (row) => row.id)).toEqual(sorted(server.state.channels.values(), (row) => row.id));
    expect(sorted(await tab.db.flows.toArray(), (row) => row.id)).toEqual(sorted(server.state.flows.values(), (row) => row.id));
    expect(sorted(await tab.db.welcomeMessages.toArray(), (row) => row.channelId)).toEqual(sorted(server.state.welcomeMessages.values(), (row) => row.channelId));
    expect(await localGraph(tab.db)).toEqual(modelGraph(server.state));
    expect(await localInbox(tab.db)).toEqual(expectedInbox(server.state));
  }
  await checkInboxRules(server, profiles.map((profile) => profile.tabs[0]!.db));
  // The model's own graph stays whole: every edge joins two nodes of its flow, every node's flow exists.
  for (const node of server.state.flowNodes.values()) expect(server.state.flows.has(node.flowId)).toBe(true);
  for (const edge of server.state.flowConnections.values()) {
    expect(server.state.flowNodes.get(edge.sourceNodeId)?.flowId).toBe(edge.flowId);
    expect(server.state.flowNodes.get(edge.targetNodeId)?.flowId).toBe(edge.flowId);
  }
  for (const profile of profiles) {
    const db = profile.tabs[0]!.db;
    const clientId = await readMeta(db, 'clientId');
    const last = (await readMeta(db, 'lastMutationId')) ?? 0;
    const effects = server.effects.filter((effect) => effect.clientId === clientId).map((effect) => effect.mutationId);
    // Exactly once and in order: the server took 1, 2, … last, each one time.
    expect(effects).toEqual(Array.from({ length: last }, (_, index) => index + 1));
    const failed = server.effects.filter((effect) => effect.clientId === clientId && effect.status === 'failed').map((effect) => effect.mutationId);
    expect((await db.rejected.toCollection().primaryKeys()).sort((a, b) => a - b)).toEqual(failed);
    // Every edit the server did not let overwrite a newer one is shown on the device that made it, until resolved.
    const conflicts = server.conflicts.filter((conflict) => conflict.clientId === clientId).map((conflict) => `${conflict.clientId}:${conflict.mutationId}`);
    expect((await db.conflicts.toCollection().primaryKeys()).sort()).toEqual(conflicts.sort());
  }
  // No acknowledged edit was overwritten by a mutation whose base is older than it without a conflict for that mutation.
  expect(server.violations).toEqual([]);
}

/** One intent applied locally and by the model server's rules from the same rows: both graphs must agree. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hands the model rules the loose args they read (model-rules.ts)
async function agreeOn(name: 'node.savePositions' | 'node.update', args: any) {
  const { openTestDb } = await import('./test-support/fixtures.ts');
  const server = createModelServer();
  server.serverWrite('bots', bot(1));
  for (const n of [21, 22]) server.serverWrite('flows', flow(n, uuid(1)));
  seedGraph(server, { next: 0, nodes: [], connections: [] });
  const other: FlowNode = { ...server.state.flowNodes.get(uuid(33))!, id: uuid(34), flowId: uuid(22) };
  server.serverWrite('flowNodes', other);
  const db = openTestDb();
  await db.flows.bulkPut([...server.state.flows.values()]);
  await db.flowNodes.bulkPut([...server.state.flowNodes.values()]);
  await db.flowConnections.bulkPut([...server.state.flowConnections.values()]);
  const at = new Date(Date.UTC(2026, 1, 1));
  const predicted = copyState(server.state);
  expect(applyOn(predicted, name, args, at.toISOString())).toBeUndefined();
  await enqueue(db, name, args, at);
  expect(await localGraph(db)).toEqual(modelGraph(predicted));
}

// Two divergences the model found between the local apply (features/flow-editor/offline-mutations.ts) and the
// server's rules, fixed there; these keep them fixed.
test('Salvar naming a node of another flow moves only the flow\'s own nodes, as the server', () =>
  agreeOn('node.savePositions', { flowId: uuid(21), positions: [{ nodeId: uuid(31), position: { x: 1, y: 2 } }, { nodeId: uuid(34), position: { x: 3, y: 4 } }] }));

test('a node config saved without its defaults shows what the server stores', () =>
  agreeOn('node.update', { nodeId: uuid(33), changes: { config: { message: 'Oi' } } }));
