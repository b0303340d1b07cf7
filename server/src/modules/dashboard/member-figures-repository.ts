/**
 * The per-member figures (shared/dashboard/member-figures.ts) over `since` → now, from conversation_events and
 * messages.member_id (migration 0760):
 * - assigned: distinct conversations with an assignment to the member in the period;
 * - resolved: distinct conversations the member set to RESOLVED in the period (status events whose actor they are);
 * - first response, for each assignment A of conversation C to member M at time tA in the period: the contact's
 *   waiting message w is C's earliest inbound message after C's last outbound message before tA (the one the contact
 *   was waiting on when C was assigned), else C's first inbound message after tA. The clock starts at the later of
 *   tA and w (a member cannot answer before the conversation is theirs) and stops at M's first outbound message in C
 *   (messages.member_id = M) after w, provided it comes before C's next assignment (a reassigned conversation is no
 *   longer M's to answer). An assignment without such a reply counts as assigned only. The median (percentile_cont
 *   0.5) is over the member's first responses of the period.
 * Every member of the workspace has a row (zeros and null when idle).
 */
import type { Queryable } from '../../db/client.ts';

export type MemberFigureRow = { userId: string; name: string; role: string; assigned: number; resolved: number; median: number | null; responses: number };

export function memberFigures(sql: Queryable, workspaceId: string, since: Date) {
  return sql<MemberFigureRow[]>`
    with assignments as (
      select e.id, e.contact_id, e.assignee_id, e.created_at as assigned_at,
             (select min(n.created_at) from conversation_events n
               where n.contact_id = e.contact_id and n.kind = 'assigned' and n.id > e.id) as next_assigned_at
      from conversation_events e
      where e.user_id = ${workspaceId} and e.kind = 'assigned' and e.assignee_id is not null and e.created_at >= ${since}
    ), waiting as (
      select a.*, coalesce(
               (select min(m.created_at) from messages m
                 where m.contact_id = a.contact_id and m.direction = 'in' and m.created_at <= a.assigned_at
                   and m.created_at > coalesce((select max(o.created_at) from messages o
                                                 where o.contact_id = a.contact_id and o.direction = 'out' and o.created_at <= a.assigned_at), '-infinity')),
               (select min(m.created_at) from messages m where m.contact_id = a.contact_id and m.direction = 'in' and m.created_at > a.assigned_at)
             ) as waited_at
      from assignments a
    ), responses as (
      select w.assignee_id,
             extract(epoch from (
               (select min(r.created_at) from messages r
                 where r.contact_id = w.contact_id and r.direction = 'out' and r.member_id = w.assignee_id and r.created_at >= w.waited_at
                   and (w.next_assigned_at is null or r.created_at < w.next_assigned_at))
               - greatest(w.assigned_at, w.waited_at)))::float8 as seconds
      from waiting w
      where w.waited_at is not null
    )
    select u.id as "userId", u.name, m.role,
           (select count(distinct a.contact_id) from assignments a where a.assignee_id = u.id)::int as assigned,
           (select count(distinct s.contact_id) from conversation_events s
             where s.user_id = ${workspaceId} and s.kind = 'status' and s.status = 'RESOLVED' and s.actor_id = u.id and s.created_at >= ${since})::int as resolved,
           (select percentile_cont(0.5) within group (order by r.seconds) from responses r where r.assignee_id = u.id and r.seconds is not null)::float8 as median,
           (select count(*) from responses r where r.assignee_id = u.id and r.seconds is not null)::int as responses
    from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = ${workspaceId}
    order by m.created_at, u.id`;
}
