/**
 * The workspace's own life (docs/decisions.md#teams): renaming it (owner), leaving it (any member but its founder),
 * deleting it (owner, with the password). Deleting stops its bots, erases its tenant data, rows, jobs and files in
 * one transaction (workspace-erasure-repository.ts), and removes every other member (an owner deleting a workspace they did not found leaves it too): their live streams end at once and their
 * next request is refused. The founder's account stays, and with it the workspace's id (the founder's user id): what
 * is left is an empty workspace of the same id and name whose only member is its founder, with one audit line
 * saying it was deleted and what went.
 */
import type { DeleteWorkspaceInput, WorkspaceDeletionImpact } from '@shared/team/workspace-schemas.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Actor } from '../../http/auth-guard.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import { confirmOwnPassword, deletionImpact, stopAllBots } from '../account/service.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import { MEMBERS_TOPIC } from '../events/hub.ts';
import * as repo from './repository.ts';
import { removeMember, type TeamDeps } from './service.ts';
import { eraseWorkspaceData } from './workspace-erasure-repository.ts';

export type WorkspaceDeps = TeamDeps & { runtime: BotRuntime; media: MediaStore; logger: Logger };

export async function renameWorkspace(deps: TeamDeps, workspaceId: string, actor: Actor, name: string, origin: AuditOrigin) {
  await inTransaction(deps.sql, async (tx) => {
    await repo.renameWorkspace(tx, workspaceId, name);
    await recordAudit(tx, { accountId: workspaceId, actorId: actor.id, action: 'workspace.rename', target: { type: 'workspace', id: workspaceId }, detail: { name }, origin });
  });
  return { workspace: { id: workspaceId, name, role: actor.role } };
}

/** The member leaves on their own (the founder cannot: FOUNDER_PROTECTED). */
export const leaveWorkspace = (deps: TeamDeps, workspaceId: string, actor: Actor, origin: AuditOrigin) =>
  removeMember(deps, workspaceId, actor, actor.id, origin);

export async function workspaceDeletionImpact(deps: TeamDeps, workspaceId: string): Promise<WorkspaceDeletionImpact> {
  const members = await repo.findMembers(deps.sql, workspaceId);
  return { ...(await deletionImpact(deps, workspaceId)), members: members.filter((member) => member.userId !== workspaceId).length };
}

export async function deleteWorkspace(deps: WorkspaceDeps, workspaceId: string, actor: Actor, input: DeleteWorkspaceInput, origin: AuditOrigin) {
  await confirmOwnPassword(deps, actor.id, input.password);
  const impact = await workspaceDeletionImpact(deps, workspaceId);
  await stopAllBots(deps, workspaceId);
  const removed = await inTransaction(deps.sql, async (tx) => {
    const gone = await eraseWorkspaceData(tx, workspaceId);
    await recordAudit(tx, { accountId: workspaceId, actorId: actor.id, action: 'workspace.delete', target: { type: 'workspace', id: workspaceId }, detail: impact, origin });
    return gone;
  });
  await deps.media.eraseOwner(workspaceId);
  deps.logger.info('equipe excluída pelo proprietário', { workspaceId, members: removed.length });
  for (const userId of removed) await deps.publish?.(MEMBERS_TOPIC, { workspaceId, userId }).catch(() => undefined);
  return { impact };
}
