/** One cached row in the contract's shape (as the pull answers it), for the tables whose fields are tracked (shared/sync/fields.ts). */
import type { SyncTable } from '@shared/sync/protocol.ts';
import { welcomeMessageSchema } from '@shared/welcome/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { findBotsByIds } from '../bots/repository.ts';
import { toBot } from '../bots/service.ts';
import { findContactsByIds } from '../contacts/repository.ts';
import { toContact } from '../contacts/service.ts';
import { findConversationsByContactIds } from '../messages/service.ts';
import { findNodesByIds } from '../flows/node-repository.ts';
import { findFlowsByIds } from '../flows/repository.ts';
import { toFlowSummary, toNode } from '../flows/mappers.ts';
import { findWelcomesByChannelIds } from '../welcome/repository.ts';

type Loader = (sql: Queryable, userId: string, id: string) => Promise<unknown>;

const first = async <R>(rows: Promise<R[]>) => (await rows)[0];

const LOADERS: Partial<Record<SyncTable, Loader>> = {
  bots: async (sql, userId, id) => {
    const row = await first(findBotsByIds(sql, userId, [id]));
    return row && toBot(row);
  },
  welcomeMessages: async (sql, userId, id) => {
    const row = await first(findWelcomesByChannelIds(sql, userId, [id]));
    return row && welcomeMessageSchema.parse(row);
  },
  flows: async (sql, userId, id) => {
    const row = await first(findFlowsByIds(sql, userId, [id]));
    return row && toFlowSummary(row);
  },
  flowNodes: async (sql, userId, id) => {
    const row = await first(findNodesByIds(sql, userId, [id]));
    return row && toNode(row);
  },
  contacts: async (sql, userId, id) => {
    const row = await first(findContactsByIds(sql, userId, [id]));
    return row && toContact(row);
  },
  // Only the tracked fields are read from it (assignee and status), named as the cached row names them.
  conversations: async (sql, userId, id) => first(findConversationsByContactIds(sql, userId, [id])),
};

/** The row as the user's devices cache it; undefined when it is gone (or not the user's). */
export function loadTrackedRow(sql: Queryable, userId: string, table: SyncTable, id: string): Promise<unknown> {
  return LOADERS[table]?.(sql, userId, id) ?? Promise.resolve(undefined);
}
