/**
 * Invitations to a workspace: a single-use link valid INVITATION_TTL_DAYS, made by an owner or an admin (inviting an
 * owner takes an owner). The token is 256 random bits, stored only as its SHA-256; the link is PUBLIC_URL's when
 * set, else relative ("/convite/…", the client makes it absolute with its own origin): never built from the request's
 * Host header, which a caller controls. An invitation made for an e-mail is accepted only by the account of that
 * e-mail. Accepting locks the invitation, so two accounts racing for one link cannot both join.
 */
import type { User } from '@shared/auth/schemas.ts';
import { can, type Role } from '@shared/team/permissions.ts';
import { INVITATION_TTL_DAYS, type Invitation } from '@shared/team/schemas.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Actor } from '../../http/auth-guard.ts';
import { issueTokens } from '../auth/service.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import * as repo from './repository.ts';
import { roleOf, type TeamDeps } from './service.ts';

const DAY_MS = 24 * 3600 * 1000;
export const INVITATION_PATH = '/convite/';

const invalid = () => new AppError('INVITATION_INVALID', 404);

export function invitationUrl(publicUrl: string | undefined, token: string): string {
  const path = `${INVITATION_PATH}${token}`;
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}

export async function createInvitation(deps: TeamDeps, workspaceId: string, actor: Actor, input: { role: Role; email?: string | undefined }, origin: AuditOrigin) {
  if (input.role === 'owner' && !can(actor.role, 'memberRoles')) throw new AppError('ROLE_FORBIDDEN', 403);
  const token = randomToken(32);
  const row = await inTransaction(deps.sql, async (tx) => {
    const made = await repo.insertInvitation(tx, {
      workspaceId, role: input.role, email: input.email ?? null, tokenHash: sha256Hex(token), createdBy: actor.id, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
    });
    // The e-mail invited is personal data: the line keeps the role and whether one was named.
    const detail = { role: input.role, forEmail: input.email !== undefined };
    await recordAudit(tx, { accountId: workspaceId, actorId: actor.id, action: 'member.invite', target: { type: 'invitation', id: made.id }, detail, origin });
    return made;
  });
  const invitation: Invitation = {
    id: row.id, role: input.role, email: input.email ?? null, token, url: invitationUrl(deps.publicUrl, token), expiresAt: row.expiresAt.toISOString(),
  };
  return { invitation };
}

/** What the invitation's landing page shows: the workspace's name and the role; the same 404 for a used or old link. */
export async function previewInvitation(deps: Pick<TeamDeps, 'sql'>, token: string) {
  const row = await repo.findUsableInvitation(deps.sql, sha256Hex(token));
  if (!row) throw invalid();
  return { invitation: { workspaceName: row.workspaceName, role: roleOf(row.role), expiresAt: row.expiresAt.toISOString() } };
}

/** Joins the signed-in account to the invitation's workspace and answers tokens acting there. */
export async function acceptInvitation(deps: TeamDeps, user: User, token: string, origin: AuditOrigin) {
  const workspace = await inTransaction(deps.sql, async (tx) => {
    const row = await repo.findUsableInvitation(tx, sha256Hex(token), true);
    if (!row) throw invalid();
    if (row.email !== null && row.email.toLowerCase() !== user.email.toLowerCase()) throw new AppError('INVITATION_EMAIL_MISMATCH', 403);
    // Already a member: the link only opens the workspace (the role stays; the invitation stays usable for whom it was meant).
    const existing = await repo.findMembership(tx, row.workspaceId, user.id);
    if (existing) return { id: existing.id, name: existing.name, role: roleOf(existing.role) };
    await repo.insertMember(tx, row.workspaceId, user.id, row.role);
    await repo.markAccepted(tx, row.id, user.id);
    const detail = { role: row.role, invitationId: row.id };
    await recordAudit(tx, { accountId: row.workspaceId, actorId: user.id, action: 'member.join', target: { type: 'member', id: user.id }, detail, origin });
    return { id: row.workspaceId, name: row.workspaceName, role: roleOf(row.role) };
  });
  return { tokens: await issueTokens(deps, user.id, crypto.randomUUID(), workspace.id), workspace };
}
