/** postgres.js queries for workspaces, their members and invitations (docs/decisions.md#teams). */
import type { Queryable } from '../../db/client.ts';

export type WorkspaceRow = { id: string; name: string; role: string };
export type MemberRow = { userId: string; name: string; email: string; role: string };
export type InvitationRow = { id: string; workspaceId: string; role: string; email: string | null; expiresAt: Date; workspaceName: string };

/** The workspaces a person belongs to: their own first, then by when they joined. */
export function findWorkspaces(sql: Queryable, userId: string) {
  return sql<WorkspaceRow[]>`
    select w.id, w.name, m.role
    from workspace_members m join workspaces w on w.id = m.workspace_id
    where m.user_id = ${userId}
    order by (w.id = ${userId}) desc, m.created_at, w.id`;
}

export async function findMembership(sql: Queryable, workspaceId: string, userId: string) {
  const rows = await sql<WorkspaceRow[]>`
    select w.id, w.name, m.role
    from workspace_members m join workspaces w on w.id = m.workspace_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId}`;
  return rows[0];
}

export function findMembers(sql: Queryable, workspaceId: string) {
  return sql<MemberRow[]>`
    select u.id as "userId", u.name, u.email, m.role
    from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = ${workspaceId}
    order by m.created_at, u.id`;
}

/** The member's row, locked: role changes and removals of one member take turns. */
export async function lockMember(sql: Queryable, workspaceId: string, userId: string) {
  const rows = await sql<MemberRow[]>`
    select u.id as "userId", u.name, u.email, m.role
    from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId}
    for update of m`;
  return rows[0];
}

export async function setRole(sql: Queryable, workspaceId: string, userId: string, role: string) {
  await sql`update workspace_members set role = ${role} where workspace_id = ${workspaceId} and user_id = ${userId}`;
}

/** Removes the member and what belongs to them in the workspace: their browsers' push subscriptions and presence. */
export async function deleteMember(sql: Queryable, workspaceId: string, userId: string) {
  await sql`delete from push_subscriptions where user_id = ${workspaceId} and member_id = ${userId}`;
  await sql`delete from push_presence where user_id = ${workspaceId} and member_id = ${userId}`;
  await sql`delete from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`;
}

export async function insertMember(sql: Queryable, workspaceId: string, userId: string, role: string) {
  await sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${userId}, ${role})`;
}

export async function insertInvitation(
  sql: Queryable,
  invitation: { workspaceId: string; role: string; email: string | null; tokenHash: string; createdBy: string; expiresAt: Date },
) {
  const rows = await sql<{ id: string; expiresAt: Date }[]>`
    insert into team_invitations (workspace_id, role, email, token_hash, created_by, expires_at)
    values (${invitation.workspaceId}, ${invitation.role}, ${invitation.email}, ${invitation.tokenHash}, ${invitation.createdBy}, ${invitation.expiresAt})
    returning id, expires_at as "expiresAt"`;
  const row = rows[0];
  if (!row) throw new Error('team_invitations: no row after insert');
  return row;
}

/** An invitation that can still be used (not accepted, not expired by the database clock); `lock` for accepting it. */
export async function findUsableInvitation(sql: Queryable, tokenHash: string, lock = false) {
  const rows = await sql<InvitationRow[]>`
    select i.id, i.workspace_id as "workspaceId", i.role, i.email, i.expires_at as "expiresAt", w.name as "workspaceName"
    from team_invitations i join workspaces w on w.id = i.workspace_id
    where i.token_hash = ${tokenHash} and i.accepted_at is null and i.expires_at > now()
    ${lock ? sql`for update of i` : sql``}`;
  return rows[0];
}

export async function markAccepted(sql: Queryable, id: string, userId: string) {
  await sql`update team_invitations set accepted_at = now(), accepted_by = ${userId} where id = ${id}`;
}

export async function renameWorkspace(sql: Queryable, workspaceId: string, name: string) {
  await sql`update workspaces set name = ${name} where id = ${workspaceId}`;
}
