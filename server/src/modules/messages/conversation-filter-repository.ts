/**
 * The conditions of GET /messages/conversations (shared/messages/schemas.ts conversationsQuerySchema), one SQL
 * fragment each over the `conversations v` row and its joined `bots b`, all joined with `and`: a new filter is one
 * more entry of the list. Each condition keeps the list on an index ordered by last_message_at (migrations 0760,
 * 0761), so a page is an index range, not a sort of the workspace's conversations. A trashed bot is left out by the
 * joined row (`b.deleted_at is null`), not by comparing bot ids with an array: with a single bot the planner reads
 * that comparison as keeping almost no row and sorts the whole workspace instead of reading one index range.
 */
import type { ConversationsQuery } from '@shared/messages/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { carriesLabel } from '../../db/contact-labels.ts';
import type { notTrashedBot } from '../../db/live-bots.ts';

export type Fragment = ReturnType<typeof notTrashedBot>;

/** `actorId`: the member asking (assignee=me). */
export function conversationConditions(sql: Queryable, userId: string, actorId: string, query: ConversationsQuery): Fragment[] {
  const conditions: Fragment[] = [sql`v.user_id = ${userId}`, sql`b.deleted_at is null`];
  if (query.assignee === 'none') conditions.push(sql`v.assignee_id is null`);
  else if (query.assignee === 'me') conditions.push(sql`v.assignee_id = ${actorId}`);
  else if (query.assignee !== undefined) conditions.push(sql`v.assignee_id = ${query.assignee}`);
  if (query.status !== undefined) conditions.push(sql`v.status = ${query.status}`);
  if (query.unread === true) conditions.push(sql`v.unread_count > 0`);
  if (query.label !== undefined) conditions.push(carriesLabel(sql, 'v.contact_id', query.label));
  return conditions;
}

/** `a and b and …` of the conditions. */
export function allOf(sql: Queryable, conditions: readonly Fragment[]): Fragment {
  return conditions.reduce((joined, condition) => sql`${joined} and ${condition}`);
}
