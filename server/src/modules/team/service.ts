/**
 * The workspace a member acts in, its members and their roles (docs/decisions.md#teams). Rules:
 * - a workspace's id is its founder's user id (the tenant key of every row), so the founder stays an owner of it for
 *   good: never removed, never demoted. Every account thus always has a workspace of its own to act in, and a
 *   workspace never lacks an owner (the last owner cannot leave);
 * - only an owner changes roles (matrix area `memberRoles`); an admin removes agents and admins, never an owner;
 * - a change is told to every instance (MEMBERS_TOPIC): the member's live streams end at once, and the auth guard
 *   reads the role on every request, so the change holds on the member's next request whatever token they hold.
 */
import type { User } from '@shared/auth/schemas.ts';
import { can, outranks, ROLES, type Role } from '@shared/team/permissions.ts';
import type { Member, Workspace } from '@shared/team/schemas.ts';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../http/auth-guard.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { issueTokens } from '../auth/service.ts';
import { MEMBERS_TOPIC } from '../events/hub.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import { CONVERSATIONS_TOPIC } from '../messages/announcer.ts';
import { releaseMember } from '../messages/assignment.ts';
import * as repo from './repository.ts';

export type TeamDeps = {
  sql: Sql;
  accessTokens: AccessTokens;
  /** Tells every instance (LISTEN/NOTIFY) that a member changed; absent in apps built without a notifier. */
  publish?: (topic: string, payload: Record<string, unknown>) => Promise<void>;
  publicUrl: string | undefined;
};

/** A stored role (the column's check allows only these). */
export const roleOf = (value: string): Role => ROLES.find((role) => role === value) ?? 'agent';
const toWorkspace = (row: repo.WorkspaceRow): Workspace => ({ id: row.id, name: row.name, role: roleOf(row.role) });
const toMember = (row: repo.MemberRow): Member => ({ userId: row.userId, name: row.name, email: row.email, role: roleOf(row.role) });

export async function me(deps: Pick<TeamDeps, 'sql'>, user: User, workspace: Workspace) {
  const workspaces = (await repo.findWorkspaces(deps.sql, user.id)).map(toWorkspace);
  return { user, workspace, workspaces };
}

/** New tokens acting in `workspaceId`: a new session there; the one the request came with is left as it is. */
export async function switchWorkspace(deps: TeamDeps, actorId: string, workspaceId: string, origin: AuditOrigin) {
  const row = await repo.findMembership(deps.sql, workspaceId, actorId);
  if (!row) throw notFound();
  // Entering a workspace is how a member signs in there (a sign-in acts in the account's own): its log tells it.
  if (workspaceId !== actorId) await recordAudit(deps.sql, { accountId: workspaceId, actorId, action: 'workspace.enter', target: { type: 'workspace', id: workspaceId }, origin });
  return { tokens: await issueTokens(deps, actorId, crypto.randomUUID(), row.id), workspace: toWorkspace(row) };
}

export async function listMembers(deps: Pick<TeamDeps, 'sql'>, workspaceId: string) {
  return { members: (await repo.findMembers(deps.sql, workspaceId)).map(toMember) };
}

export async function changeRole(deps: TeamDeps, workspaceId: string, actor: Actor, userId: string, role: Role, origin: AuditOrigin) {
  if (!can(actor.role, 'memberRoles')) throw new AppError('ROLE_FORBIDDEN', 403);
  const member = await inTransaction(deps.sql, async (tx) => {
    const row = await repo.lockMember(tx, workspaceId, userId);
    if (!row) throw notFound();
    if (userId === workspaceId && role !== 'owner') throw new AppError('FOUNDER_PROTECTED', 409);
    await repo.setRole(tx, workspaceId, userId, role);
    const detail = { from: row.role, to: role };
    await recordAudit(tx, { accountId: workspaceId, actorId: actor.id, action: 'member.role_change', target: { type: 'member', id: userId }, detail, origin });
    return { ...toMember(row), role };
  });
  await announce(deps, workspaceId, userId);
  return { member };
}

/** Removal by an owner or admin, or a member leaving (their own id); their conversations become unassigned. */
export async function removeMember(deps: TeamDeps, workspaceId: string, actor: Actor, userId: string, origin: AuditOrigin) {
  const released = await inTransaction(deps.sql, async (tx) => {
    const row = await repo.lockMember(tx, workspaceId, userId);
    if (!row) throw notFound();
    if (userId !== actor.id && !outranks(actor.role, roleOf(row.role))) throw new AppError('ROLE_FORBIDDEN', 403);
    if (userId === workspaceId) throw new AppError('FOUNDER_PROTECTED', 409);
    await repo.deleteMember(tx, workspaceId, userId);
    const action = userId === actor.id ? 'member.leave' : 'member.remove';
    await recordAudit(tx, { accountId: workspaceId, actorId: actor.id, action, target: { type: 'member', id: userId }, detail: { role: row.role }, origin });
    return releaseMember(tx, workspaceId, userId, actor.id);
  });
  await announce(deps, workspaceId, userId);
  // Their conversations are unassigned now: the open consoles pull.
  if (released > 0) await deps.publish?.(CONVERSATIONS_TOPIC, { userId: workspaceId, actorId: actor.id }).catch(() => undefined);
}

async function announce(deps: TeamDeps, workspaceId: string, userId: string) {
  await deps.publish?.(MEMBERS_TOPIC, { workspaceId, userId }).catch(() => undefined);
}
