/**
 * SQL fixture of the team inbox's history (migration 0760): conversation_events rows and messages with member_id,
 * written directly for the per-member figures' tests while the assignment route (PATCH
 * /api/messages/conversations/{contactId}) and the console reply's member are built beside this work; a
 * route-driven test replaces these rows once both are on main. Times are minutes before `now`.
 */
import type { Queryable } from '../db/client.ts';

const at = (now: Date, minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

export async function insertContactRow(sql: Queryable, workspaceId: string, botId: string, name: string): Promise<string> {
  const rows = await sql<{ id: string }[]>`
    insert into contacts (bot_id, user_id, telegram_id, first_name)
    values (${botId}, ${workspaceId}, ${BigInt(Math.floor(Math.random() * 1e12))}, ${name}) returning id`;
  const id = rows[0]?.id;
  if (!id) throw new Error('contact fixture: no row');
  return id;
}

export async function insertAssignment(sql: Queryable, workspaceId: string, contactId: string, assigneeId: string | null, actorId: string, now: Date, minutesAgo: number) {
  await sql`
    insert into conversation_events (user_id, contact_id, actor_id, kind, assignee_id, created_at)
    values (${workspaceId}, ${contactId}, ${actorId}, 'assigned', ${assigneeId}, ${at(now, minutesAgo)})`;
}

export async function insertStatus(sql: Queryable, workspaceId: string, contactId: string, status: string, actorId: string | null, now: Date, minutesAgo: number) {
  await sql`
    insert into conversation_events (user_id, contact_id, actor_id, kind, status, created_at)
    values (${workspaceId}, ${contactId}, ${actorId}, 'status', ${status}, ${at(now, minutesAgo)})`;
}

/** An inbound message of the contact (memberId null) or a console reply of `memberId`. */
export async function insertMessage(
  sql: Queryable, row: { workspaceId: string; botId: string; contactId: string; memberId: string | null }, now: Date, minutesAgo: number,
) {
  const inbound = row.memberId === null;
  await sql`
    insert into messages (bot_id, contact_id, chat_id, direction, source, user_id, member_id, text, created_at)
    values (${row.botId}, ${row.contactId}, 1, ${inbound ? 'in' : 'out'}, ${inbound ? 'contact' : 'operator'}, ${row.workspaceId}, ${row.memberId},
            'texto', ${at(now, minutesAgo)})`;
}
