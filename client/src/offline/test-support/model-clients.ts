/**
 * Simulated browser profiles for the model test: each has its own IndexedDB (fake-indexeddb factory), one or two
 * tabs sharing a lock, and an unreliable network in front of the model server — requests lost, answers lost after
 * the server applied the batch (the client then restarts: a crash between send and acknowledgement), batches
 * delivered twice, and stale copies held back and delivered later, out of order.
 */
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import type { CanalizeDb } from '../db.ts';
import { createReplayer, type Replayer, type SyncTransport } from '../replayer.ts';
import { openTestDb, newProfile } from './fixtures.ts';
import type { ModelServer } from './model-server.ts';
import type { Random } from './random.ts';

export class NetworkDown extends Error {}

export type Tab = { db: CanalizeDb; replayer: Replayer; crashed: boolean };
export type Profile = {
  index: number;
  online: boolean;
  tabs: Tab[];
  /** The tab dies (memory gone, database kept) and the page opens again. */
  restart(tabIndex: number): void;
};

export type Network = { calm: boolean; stale: MutationEnvelope[][] };

export function createProfiles(server: ModelServer, random: Random, network: Network, count: number, tabsOfFirst = 2): Profile[] {
  return Array.from({ length: count }, (_, index) => {
    const factory = newProfile();
    const name = `canalize-model-${index}`;
    let queue: Promise<unknown> = Promise.resolve();
    const lock = <T>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    };
    const profile: Profile = {
      index,
      online: true,
      tabs: [],
      restart(tabIndex) {
        const old = profile.tabs[tabIndex];
        old?.replayer.stop();
        old?.db.close();
        profile.tabs[tabIndex] = openTab();
      },
    };

    const openTab = (): Tab => {
      const db = openTestDb(factory, name);
      const transport: SyncTransport = {
        async push(mutations) {
          if (!profile.online || (!network.calm && random.chance(0.08))) throw new NetworkDown();
          const payload = structuredClone(mutations);
          if (!network.calm && random.chance(0.15)) network.stale.push(structuredClone(payload));
          const result = server.push(payload);
          if (!network.calm && random.chance(0.1)) server.push(structuredClone(payload));
          if (!network.calm && random.chance(0.1)) {
            tab.crashed = true;
            throw new NetworkDown();
          }
          return result;
        },
        async pull(cursor) {
          if (!profile.online || (!network.calm && random.chance(0.05))) throw new NetworkDown();
          return structuredClone(server.pull(cursor));
        },
      };
      const replayer = createReplayer({
        db, transport, lock, batchSize: 1 + random.int(6),
        classify: (error) => (error instanceof NetworkDown ? 'offline' : 'retry'),
        schedule: () => () => {},
      });
      const tab: Tab = { db, replayer, crashed: false };
      return tab;
    };

    profile.tabs = Array.from({ length: index === 0 ? tabsOfFirst : 1 }, openTab);
    return profile;
  });
}
