/**
 * GET /sync/pull?cursor=: the user's rows changed after the cursor, in the REST shapes, plus tombstones. Read in one
 * repeatable-read snapshot so the change log and the rows agree. The cursor is the highest version returned: the
 * versions are assigned in commit order (migration 0400), so nothing committed later can land below it.
 */
import { PULL_PAGE_SIZE, type PullResult, type SyncTable } from '@shared/sync/protocol.ts';
import { welcomeMessageSchema } from '@shared/welcome/schemas.ts';
import type { Queryable, Sql } from '../../db/client.ts';
import { findBotsByIds, findChannelsByIds } from '../bots/repository.ts';
import { toBot, toChannel } from '../bots/service.ts';
import { findWelcomesByChannelIds } from '../welcome/repository.ts';
import { findFlowsByIds } from '../flows/repository.ts';
import { findNodesByIds } from '../flows/node-repository.ts';
import { findConnectionsByIds } from '../flows/connection-repository.ts';
import { toConnection, toFlowSummary, toNode } from '../flows/mappers.ts';
import { findContactsByIds } from '../contacts/repository.ts';
import { toContact } from '../contacts/service.ts';
import { findConversationsByContactIds, findMessagesByUids, toMessage } from '../messages/service.ts';
import { changesSince, latestVersion, type ChangeEntry } from './repository.ts';

export async function pull(deps: { sql: Sql }, userId: string, cursor: number, pageSize = PULL_PAGE_SIZE): Promise<PullResult> {
  // eslint-disable-next-line no-restricted-syntax -- the pull owns its read-only snapshot transaction; the reads inside are the repositories'
  return deps.sql.begin('isolation level repeatable read read only', async (tx) => {
    let entries = await changesSince(tx, userId, cursor, pageSize + 1);
    // Nothing after the cursor is the usual idle answer; a cursor beyond the latest version is not (see `reset`).
    const reset = entries.length === 0 && cursor > 0 && (await latestVersion(tx, userId)) < cursor;
    const from = reset ? 0 : cursor;
    if (reset) entries = await changesSince(tx, userId, 0, pageSize + 1);
    const page = entries.slice(0, pageSize);
    return {
      cursor: page.at(-1)?.version ?? from,
      hasMore: entries.length > pageSize,
      changes: await loadRows(tx, userId, page),
      deleted: page.filter((entry) => entry.deleted).map((entry) => ({ table: entry.table, id: entry.rowId })),
      reset,
    };
  });
}

async function loadRows(sql: Queryable, userId: string, page: ChangeEntry[]): Promise<PullResult['changes']> {
  const ids = (table: SyncTable) => page.filter((entry) => entry.table === table && !entry.deleted).map((entry) => entry.rowId);
  const byIds = <R, T>(table: SyncTable, find: (sql: Queryable, userId: string, ids: string[]) => Promise<R[]>, map: (row: R) => T) => {
    const wanted = ids(table);
    return wanted.length === 0 ? Promise.resolve([]) : find(sql, userId, wanted).then((rows) => rows.map(map));
  };
  const [bots, channels, welcomeMessages, flows, flowNodes, flowConnections, contacts, messages, conversations] = await Promise.all([
    byIds('bots', findBotsByIds, toBot),
    byIds('channels', findChannelsByIds, toChannel),
    byIds('welcomeMessages', findWelcomesByChannelIds, ({ channelId, botId, ...welcome }) => ({ ...welcomeMessageSchema.parse(welcome), channelId, botId })),
    byIds('flows', findFlowsByIds, toFlowSummary),
    byIds('flowNodes', findNodesByIds, toNode),
    byIds('flowConnections', findConnectionsByIds, toConnection),
    byIds('contacts', findContactsByIds, toContact),
    byIds('messages', findMessagesByUids, toMessage),
    byIds('conversations', findConversationsByContactIds, ({ lastMessageUid, lastMessageAt, ...row }) => ({
      ...row,
      lastMessageId: lastMessageUid,
      lastMessageAt: lastMessageAt.toISOString(),
    })),
  ]);
  return { bots, channels, welcomeMessages, flows, flowNodes, flowConnections, contacts, messages, conversations };
}
