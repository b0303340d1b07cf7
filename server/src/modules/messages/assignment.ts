/**
 * Who answers a conversation and where it stands (docs/product.md#screen-chat, docs/decisions.md#teams). Every role
 * may assign (to any member of the workspace, themselves included, or nobody) and move a conversation between
 * aberta, pendente and resolvida. A change is written with its conversation_events row in one transaction; setting
 * what is already set writes nothing, so a replayed request or outbox entry records one event. After the commit
 * every open console of the workspace hears it (conversations.changed) and a new assignee gets a web push.
 */
import type { ConversationStatus, UpdateConversationInput } from '@shared/messages/assignment.ts';
import { ROLES } from '@shared/team/permissions.ts';
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ConversationChange, InboxAnnouncer } from './announcer.ts';
import * as repo from './assignment-repository.ts';
import { emitWebhookEvent } from '../../ports/webhook-events.ts';

export type ConversationUpdate = { assigneeId?: string | null | undefined; status?: ConversationStatus | undefined };

/** Writes the update in `sql` (a transaction); answers what to announce once it commits. */
export async function applyConversationUpdate(sql: Queryable, userId: string, actorId: string, contactId: string, input: ConversationUpdate): Promise<ConversationChange> {
  const current = await repo.lockConversation(sql, userId, contactId);
  if (!current) throw notFound();
  let assignedEventId: string | undefined;
  let { assigneeId, status } = current;
  if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeId) {
    if (input.assigneeId !== null && !(await repo.isMember(sql, userId, input.assigneeId))) throw new AppError('ASSIGNEE_NOT_MEMBER', 400);
    assignedEventId = await repo.assign(sql, userId, contactId, actorId, input.assigneeId);
    await emitWebhookEvent(sql, userId, 'conversation.assigned', { contactId, botId: current.botId, assigneeId: input.assigneeId, actorId });
    assigneeId = input.assigneeId;
  }
  if (input.status !== undefined && input.status !== current.status) {
    await repo.setStatus(sql, userId, contactId, actorId, input.status);
    status = input.status;
  }
  return { userId, contactId, botId: current.botId, actorId, assigneeId, status, assignedEventId };
}

/** PATCH /messages/conversations/{contactId}. */
export async function updateConversation(
  deps: { sql: Queryable; announce: InboxAnnouncer }, userId: string, actorId: string, contactId: string, input: UpdateConversationInput,
) {
  const change = await inTransaction(deps.sql, (tx) => applyConversationUpdate(tx, userId, actorId, contactId, input));
  deps.announce.conversationChanged(change);
  return { conversation: { contactId, assigneeId: change.assigneeId, status: conversationStatusSchema.parse(change.status) } };
}

/** GET /messages/assignees: the members a conversation can be assigned to, for every role. */
export async function listAssignees(deps: { sql: Queryable }, workspaceId: string) {
  const rows = await repo.findAssignees(deps.sql, workspaceId);
  return { members: rows.map((row) => ({ userId: row.userId, name: row.name, role: ROLES.find((role) => role === row.role) ?? 'agent' })) };
}

/**
 * A member leaving the workspace (modules/team): their conversations there become unassigned, in `sql`'s
 * transaction. Answers how many; the caller tells the consoles once (one event, not one per conversation).
 */
export async function releaseMember(sql: Queryable, workspaceId: string, memberId: string, actorId: string): Promise<number> {
  return (await repo.unassignMember(sql, workspaceId, memberId, actorId)).length;
}
