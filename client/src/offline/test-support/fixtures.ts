/** Databases on fake-indexeddb (one IDBFactory = one browser profile) and rows for the offline tests. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import './install-mutations.ts';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { CanalizeDb } from '../db.ts';

export const newProfile = () => new IDBFactory();

let counter = 0;

/** A database in `profile` (a fresh one by default); two calls with the same profile and name are two tabs. */
export function openTestDb(profile: IDBFactory = newProfile(), name = `canalize-test-${++counter}`): CanalizeDb {
  return new CanalizeDb(name, { indexedDB: profile, IDBKeyRange });
}

export const STAMP = '2026-01-01T00:00:00.000Z';

/** A deterministic UUID v4 shape from a number, so seeded runs produce the same ids. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const bot = (n: number, changes: Partial<Bot> = {}): Bot => ({
  id: uuid(n), name: `Bot ${n}`, username: `bot_${n}_bot`, isActive: true, inactiveReason: null, broadcastRate: 30, createdAt: STAMP, updatedAt: STAMP,
  ...changes,
});

export const channel = (n: number, botId: string, changes: Partial<Channel> = {}): Channel => ({
  id: uuid(n), botId, channelId: `-100${n}`, channelName: `Canal ${n}`, channelType: 'channel', ...changes,
});

export const flow = (n: number, botId: string, changes: Partial<FlowSummary> = {}): FlowSummary => ({
  id: uuid(n), botId, name: `Fluxo ${n}`, description: null, enabled: true, triggerType: 'MESSAGE',
  executionContexts: ['private'], allowedChannelIds: [], createdAt: STAMP, updatedAt: STAMP, ...changes,
});

export const welcomeInput = (message: string) => ({
  message, enabled: true, triggerOn: 'ON_MEMBER_JOINED' as const, autoApprove: true, sendToPrivate: false, buttons: [],
});

export const emptyChanges = () => ({ bots: [], channels: [], welcomeMessages: [], flows: [], flowNodes: [], flowConnections: [], contacts: [], messages: [], conversations: [], notes: [], quickReplies: [], labels: [] });
