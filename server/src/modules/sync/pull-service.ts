/**
 * GET /sync/pull?cursor=: the user's rows changed after the cursor, in the REST shapes, plus tombstones. Read in one
 * repeatable-read snapshot so the change log and the rows agree. The cursor is the highest version returned: the
 * versions are assigned in commit order (migration 0400), so nothing committed later can land below it. `readable`
 * leaves out the rows of tables the member's role may not read (shared/team/permissions.ts): their versions pass.
 */
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import { PULL_PAGE_SIZE, SYNC_TABLES, type PullResult, type SyncTable } from '@shared/sync/protocol.ts';
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
import { findLabelsByIds } from '../labels/repository.ts';
import { toLabel } from '../labels/service.ts';
import { findNotesByIds, toNote } from '../notes/service.ts';
import { findQuickRepliesByIds, toQuickReply } from '../quick-replies/service.ts';
import { changesSince, latestVersion, type ChangeEntry } from './repository.ts';

export async function pull(
  deps: { sql: Sql }, userId: string, cursor: number, pageSize = PULL_PAGE_SIZE, readable: (table: SyncTable) => boolean = () => true,
): Promise<PullResult> {
  // eslint-disable-next-line no-restricted-syntax -- the pull owns its read-only snapshot transaction; the reads inside are the repositories'
  return deps.sql.begin('isolation level repeatable read read only', async (tx) => {
    let entries = await changesSince(tx, userId, cursor, pageSize + 1);
    // Nothing after the cursor is the usual idle answer; a cursor beyond the latest version is not (see `reset`).
    const reset = entries.length === 0 && cursor > 0 && (await latestVersion(tx, userId)) < cursor;
    const from = reset ? 0 : cursor;
    if (reset) entries = await changesSince(tx, userId, 0, pageSize + 1);
    const page = entries.slice(0, pageSize);
    const changes = await loadRows(tx, userId, page.filter((entry) => readable(entry.table)));
    return {
      cursor: page.at(-1)?.version ?? from,
      hasMore: entries.length > pageSize,
      changes,
      deleted: gone(page.filter((entry) => entry.deleted || readable(entry.table)), changes),
      reset,
    };
  });
}

/**
 * Tombstones, and the changed rows the user can no longer see: a row under a trashed bot (docs/decisions.md#bot-trash)
 * is gone for the user's devices until it is restored, when its entry changes again and it comes back.
 */
function gone(page: ChangeEntry[], changes: PullResult['changes']): PullResult['deleted'] {
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const loaded: Record<SyncTable, string[]> = {
    bots: ids(changes.bots), channels: ids(changes.channels), flows: ids(changes.flows), flowNodes: ids(changes.flowNodes),
    flowConnections: ids(changes.flowConnections), contacts: ids(changes.contacts), messages: ids(changes.messages),
    notes: ids(changes.notes), quickReplies: ids(changes.quickReplies),
    // A welcome message's id is its channel's, a conversation's its contact's.
    welcomeMessages: changes.welcomeMessages.map((row) => row.channelId),
    conversations: changes.conversations.map((row) => row.contactId),
    labels: ids(changes.labels),
  };
  const seen = new Set(SYNC_TABLES.flatMap((table) => loaded[table].map((id) => `${table}:${id}`)));
  return page.filter((entry) => entry.deleted || !seen.has(`${entry.table}:${entry.rowId}`)).map((entry) => ({ table: entry.table, id: entry.rowId }));
}

async function loadRows(sql: Queryable, userId: string, page: ChangeEntry[]): Promise<PullResult['changes']> {
  const ids = (table: SyncTable) => page.filter((entry) => entry.table === table && !entry.deleted).map((entry) => entry.rowId);
  const byIds = <R, T>(table: SyncTable, find: (sql: Queryable, userId: string, ids: string[]) => Promise<R[]>, map: (row: R) => T) => {
    const wanted = ids(table);
    return wanted.length === 0 ? Promise.resolve([]) : find(sql, userId, wanted).then((rows) => rows.map(map));
  };
  const [bots, channels, welcomeMessages, flows, flowNodes, flowConnections, contacts, messages, conversations, notes, quickReplies, labels] = await Promise.all([
    byIds('bots', findBotsByIds, toBot),
    byIds('channels', findChannelsByIds, toChannel),
    byIds('welcomeMessages', findWelcomesByChannelIds, ({ channelId, botId, ...welcome }) => ({ ...welcomeMessageSchema.parse(welcome), channelId, botId })),
    byIds('flows', findFlowsByIds, toFlowSummary),
    byIds('flowNodes', findNodesByIds, toNode),
    byIds('flowConnections', findConnectionsByIds, toConnection),
    byIds('contacts', findContactsByIds, toContact),
    byIds('messages', findMessagesByUids, toMessage),
    byIds('conversations', findConversationsByContactIds, ({ lastMessageUid, lastMessageAt, status, ...row }) => ({
      ...row,
      status: conversationStatusSchema.parse(status),
      lastMessageId: lastMessageUid,
      lastMessageAt: lastMessageAt.toISOString(),
    })),
    byIds('notes', findNotesByIds, toNote),
    byIds('quickReplies', findQuickRepliesByIds, toQuickReply),
    byIds('labels', findLabelsByIds, toLabel),
  ]);
  return { bots, channels, welcomeMessages, flows, flowNodes, flowConnections, contacts, messages, conversations, notes, quickReplies, labels };
}
