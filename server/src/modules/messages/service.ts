/**
 * The inbox (docs/product.md#api-messages, docs/decisions.md#p-inbox). Replies are sent at most once: the reply's
 * id (made by the client) is claimed in the database as a 'sending' row first, and only the request that inserted
 * it calls Telegram; a replay, a double click or a concurrent identical request finds the row and answers it.
 * The one uncertain window: Telegram delivered but the server stopped (or lost the connection) before recording
 * it. That row stays 'sending' and is later marked failed with a "confirme no Telegram" text, never re-sent.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  messageSchema,
  type Conversation,
  type Message,
  type MessageStats,
  type sendMessageInputSchema,
} from '@shared/messages/schemas.ts';
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import type { ConversationsQuery } from '@shared/messages/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { emitWebhookEvent } from '../../ports/webhook-events.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toContact } from '../contacts/service.ts';
import { assertLabelOwned } from '../labels/service.ts';
import type { InboxAnnouncer } from './announcer.ts';
import { DELIVERY_TEXTS, deliveryErrorText } from './delivery-errors.ts';
import { allOf, conversationConditions } from './conversation-filter-repository.ts';
import * as repo from './repository.ts';

export type MessagesDeps = { sql: Queryable; runtime: BotRuntime; announce: InboxAnnouncer };
export type SendInput = z.output<typeof sendMessageInputSchema>;
export type Claim = repo.Claim;

const STATUS = { sending: 'SENDING', sent: 'SENT', failed: 'FAILED' } as const;
const SOURCE = { contact: 'CONTACT', operator: 'OPERATOR', flow: 'FLOW', welcome: 'WELCOME', broadcast: 'BROADCAST' } as const;

export const toMessage = (row: repo.MessageRow): Message =>
  messageSchema.parse({
    id: row.uid,
    contactId: row.contactId,
    botId: row.botId,
    direction: row.direction === 'in' ? 'INCOMING' : 'OUTGOING',
    type: row.type,
    source: SOURCE[row.source],
    content: row.text ?? '',
    buttons: row.buttons ?? [],
    mediaName: row.mediaName,
    status: STATUS[row.status],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    memberId: row.memberId,
    memberName: row.memberName,
  });

/** GET /messages/conversations: the newest `limit` meeting the query's filters; `actorId` is who asks (assignee=me). */
export async function listConversations(deps: { sql: Queryable }, userId: string, actorId: string, query: ConversationsQuery, limit: number): Promise<Conversation[]> {
  if (query.label) await assertLabelOwned(deps, userId, query.label);
  const rows = await repo.listConversations(deps.sql, allOf(deps.sql, conversationConditions(deps.sql, userId, actorId, query)), limit);
  return rows.map((row) => ({
    contactId: row.contactId,
    botId: row.botId,
    chatId: row.contact.telegramId.toString(),
    botName: row.botName,
    contact: toContact(row.contact),
    lastMessageId: row.lastMessageUid,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
    assigneeId: row.assigneeId,
    status: conversationStatusSchema.parse(row.status),
    lastMessage: {
      direction: row.last.direction === 'in' ? 'INCOMING' : 'OUTGOING',
      type: messageSchema.shape.type.parse(row.last.type),
      content: row.last.text ?? '',
      status: STATUS[row.last.status],
      source: SOURCE[row.last.source],
    },
  }));
}

export async function listMessages(deps: { sql: Queryable }, userId: string, contactId: string, query: { before?: string | undefined; limit: number }) {
  if (!(await repo.findOwnedContact(deps.sql, userId, contactId))) throw notFound();
  const rows = await repo.listContactMessages(deps.sql, userId, contactId, query.limit + 1, query.before);
  // Newest first from the database; the chat pane reads oldest first.
  return { messages: rows.slice(0, query.limit).map(toMessage).reverse(), hasMore: rows.length > query.limit };
}

export async function markRead(deps: { sql: Queryable; announce: InboxAnnouncer }, userId: string, messageId: string) {
  const marked = await repo.markRead(deps.sql, userId, messageId);
  if (!marked) throw notFound();
  deps.announce.changed({ userId, ...marked });
  const message = await repo.findMessage(deps.sql, userId, messageId);
  if (!message) throw notFound();
  return toMessage(message);
}

/** Opening a conversation (docs/product.md#screen-chat); also the sync mutation `conversation.markRead`. */
export async function markAllRead(deps: { sql: Queryable }, userId: string, contactId: string) {
  const contact = await repo.findOwnedContact(deps.sql, userId, contactId);
  if (!contact) throw notFound();
  return { updated: await repo.markAllRead(deps.sql, contactId), contact };
}

export function stats(deps: { sql: Queryable }, userId: string, botId: string | undefined): Promise<MessageStats> {
  return repo.stats(deps.sql, userId, botId);
}

/**
 * Claims the reply's id (see the header). Answers the claim when this call took it, undefined when the id was
 * already the user's (a replay: nothing to do); another user's contact is a 404, their id an unusable id (400).
 * `memberId`: the member sending it, shown on the reply to the whole team.
 */
export async function claimReply(
  deps: { sql: Queryable }, userId: string, input: SendInput & { id: string }, memberId: string | null,
): Promise<Claim | undefined> {
  const contact = await repo.findOwnedContact(deps.sql, userId, input.contactId);
  if (!contact || contact.botId !== input.botId) throw notFound();
  const claim = await repo.claimOutgoing(deps.sql, userId, { uid: input.id, contactId: input.contactId, text: input.text, memberId });
  if (claim) return claim;
  const owner = await repo.ownerOfUid(deps.sql, input.id);
  // Another account's id is refused like any unusable id, so nothing can be learned from it (docs/decisions.md).
  if (owner !== userId) throw unusableId();
  return undefined;
}

/** Calls Telegram for a claimed reply and records the outcome; a 429 was already waited out and retried. */
export async function deliver(deps: MessagesDeps, userId: string, claim: Claim): Promise<Message> {
  const result = await deps.runtime.sendDirect(claim.botId, claim.chatId, claim.text);
  await inTransaction(deps.sql, async (tx) => {
    await repo.recordDelivery(
      tx,
      claim.uid,
      result.ok
        ? { status: 'sent', telegramMessageId: result.message.message_id, payload: result.message }
        : { status: 'failed', error: deliveryErrorText(result) },
    );
    if (result.ok) await emitWebhookEvent(tx, userId, 'message.sent', { message: { id: claim.uid, botId: claim.botId, contactId: claim.contactId, direction: 'out', type: 'TEXT', text: claim.text } });
  });
  deps.announce.changed({ userId, contactId: claim.contactId, botId: claim.botId });
  const row = await repo.findMessage(deps.sql, userId, claim.uid);
  if (!row) throw notFound();
  return toMessage(row);
}

/** POST /messages/send by `memberId`: claim, then deliver; a duplicate answers the stored reply as it is now. */
export async function sendMessage(deps: MessagesDeps, userId: string, input: SendInput, memberId: string | null): Promise<Message> {
  const id = input.id ?? randomUUID();
  const claim = await claimReply(deps, userId, { ...input, id }, memberId);
  if (claim) {
    deps.announce.changed({ userId, contactId: claim.contactId, botId: claim.botId });
    const message = await deliver(deps, userId, claim);
    if (message.status === 'FAILED') throw new AppError('MESSAGE_NOT_DELIVERED', 422, message.error ?? undefined, { id: message.id });
    return message;
  }
  const existing = await repo.findMessage(deps.sql, userId, id);
  if (!existing) throw notFound();
  return toMessage(existing);
}

/** At boot: replies left 'sending' by a stopped process are failed, never re-sent (see the header). */
export async function failAbandonedReplies(deps: { sql: Queryable; announce: InboxAnnouncer }, olderThanMs = 10 * 60_000) {
  const rows = await repo.failAbandonedClaims(deps.sql, olderThanMs, DELIVERY_TEXTS.abandoned);
  for (const row of rows) deps.announce.changed(row);
  return rows.length;
}

export const findConversationsByContactIds = repo.findConversationsByContactIds;
/** The workspace's contact (not under a trashed bot), or undefined: what the notes of a conversation hang on. */
export const findOwnedContact = repo.findOwnedContact;
export const findMessagesByUids = repo.findMessagesByUids;
