/**
 * Assignment and status of conversations (migrations 0760, 0761): the conversation's row, locked while it changes,
 * each change written with its conversation_events row in the caller's transaction, the members one can be
 * assigned to. Scoped by the workspace (`user_id`) like every inbox query.
 */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type ConversationState = { contactId: string; botId: string; assigneeId: string | null; status: string };

export async function lockConversation(sql: Queryable, userId: string, contactId: string) {
  const rows = await sql<ConversationState[]>`
    select contact_id as "contactId", bot_id as "botId", assignee_id as "assigneeId", status
    from conversations
    where contact_id = ${contactId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}
    for update`;
  return rows[0];
}

export async function isMember(sql: Queryable, workspaceId: string, userId: string) {
  const rows = await sql`select 1 from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`;
  return rows.length > 0;
}

/** Sets the assignee and records it; answers the event's id. */
export async function assign(sql: Queryable, userId: string, contactId: string, actorId: string | null, assigneeId: string | null) {
  await sql`update conversations set assignee_id = ${assigneeId}, assigned_at = now() where contact_id = ${contactId} and user_id = ${userId}`;
  const [event] = await sql<{ id: string }[]>`
    insert into conversation_events (user_id, contact_id, actor_id, kind, assignee_id)
    values (${userId}, ${contactId}, ${actorId}, 'assigned', ${assigneeId}) returning id::text as id`;
  if (!event) throw new Error('conversation_events: no row after insert');
  return event.id;
}

export async function setStatus(sql: Queryable, userId: string, contactId: string, actorId: string | null, status: string) {
  await sql`update conversations set status = ${status}, status_changed_at = now() where contact_id = ${contactId} and user_id = ${userId}`;
  await sql`
    insert into conversation_events (user_id, contact_id, actor_id, kind, status)
    values (${userId}, ${contactId}, ${actorId}, 'status', ${status})`;
}

/**
 * A member leaving the workspace: their conversations there become unassigned, each with its event (actor: who
 * removed them). Answers the conversations, to tell the open consoles.
 */
export function unassignMember(sql: Queryable, workspaceId: string, memberId: string, actorId: string) {
  return sql<{ contactId: string }[]>`
    with released as (
      update conversations set assignee_id = null, assigned_at = now()
      where user_id = ${workspaceId} and assignee_id = ${memberId}
      returning contact_id
    ), recorded as (
      insert into conversation_events (user_id, contact_id, actor_id, kind, assignee_id)
      select ${workspaceId}, contact_id, ${actorId}, 'assigned', null from released
    )
    select contact_id as "contactId" from released`;
}

/** Everyone a conversation can be assigned to, in the order of the members list. */
export function findAssignees(sql: Queryable, workspaceId: string) {
  return sql<{ userId: string; name: string; role: string }[]>`
    select u.id as "userId", u.name, m.role
    from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = ${workspaceId}
    order by m.created_at, u.id`;
}
