/**
 * The seeded randomized model test (guide/offline-sync.md "How it is tested"): several browser profiles edit the
 * same account through random offline windows, lost requests, lost answers followed by a restart, duplicated and
 * late out-of-order deliveries, while the server changes on its own. At the end, with the network calm, every
 * profile must hold exactly the server's rows with an empty outbox, and every mutation must have taken effect on
 * the server exactly once, in id order. SYNC_MODEL_RUNS widens the search; a failure names its seed: `SYNC_MODEL_SEED=<seed> bun test client/src/offline/model.test.ts`.
 */
import { expect, test } from 'bun:test';
import { readMeta, type CanalizeDb } from './db.ts';
import { enqueue } from './outbox.ts';
import { bot, channel, flow, uuid, welcomeInput } from './test-support/fixtures.ts';
import { createProfiles, type Network, type Profile, type Tab } from './test-support/model-clients.ts';
import { createModelServer, type ModelServer } from './test-support/model-server.ts';
import { seededRandom, type Random } from './test-support/random.ts';

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
  const server = createModelServer({ pageSize: 1 + random.int(8) });
  for (let n = 1; n <= 3; n++) server.serverWrite('bots', bot(n));
  for (let n = 11; n <= 14; n++) server.serverWrite('channels', channel(n, uuid(1 + (n % 3))));
  for (let n = 21; n <= 22; n++) server.serverWrite('flows', flow(n, uuid(n - 20)));
  const network: Network = { calm: false, stale: [] };
  const profiles = createProfiles(server, random, network, 3);
  const ids = { next: 1000 };
  const clock = { now: Date.UTC(2026, 0, 1) };

  for (let step = 0; step < STEPS; step++) {
    clock.now += 1000;
    const profile = random.pick(profiles)!;
    const tabIndex = random.int(profile.tabs.length);
    const tab = profile.tabs[tabIndex]!;
    const roll = random.next();
    if (roll < 0.45) await editSomething(tab.db, random, ids, new Date(clock.now));
    else if (roll < 0.65) await syncTab(profile, tabIndex);
    else if (roll < 0.73) profile.online = !profile.online;
    else if (roll < 0.78) profile.restart(tabIndex);
    else if (roll < 0.86) serverEvent(server, random, ids, clock.now);
    else if (roll < 0.92) deliverStale(server, network, random);
    else await Promise.all(profiles.flatMap((p) => p.tabs.map((_, index) => syncTab(p, index))));
  }

  network.calm = true;
  for (const profile of profiles) profile.online = true;
  for (let round = 0; round < 3; round++) {
    for (const profile of profiles) for (let index = 0; index < profile.tabs.length; index++) await syncTab(profile, index);
  }
  await checkConverged(server, profiles);
}

async function syncTab(profile: Profile, tabIndex: number) {
  const tab = profile.tabs[tabIndex];
  if (!tab) return;
  await tab.replayer.sync();
  // The answer was lost after the server applied the batch: this tab dies and opens again with its database.
  if (tab.crashed) profile.restart(tabIndex);
}

/** One user edit through the outbox, checked to be visible at once when its target is known locally. */
async function editSomething(db: CanalizeDb, random: Random, ids: { next: number }, now: Date) {
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

/** What happens on the server without any client: Telegram reports a chat, the runtime switches a bot off. */
function serverEvent(server: ModelServer, random: Random, ids: { next: number }, now: number) {
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
  }
}
