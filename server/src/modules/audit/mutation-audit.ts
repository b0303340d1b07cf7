/** The audit line of an offline mutation, written by the sync push inside the mutation's transaction (audited-mutations.ts). */
import type { Queryable } from '../../db/client.ts';
import type { MutationAudit } from './audited-mutations.ts';
import { recordAudit, type AuditOrigin } from './recorder.ts';
import { targetName } from './repository.ts';

/** Who pushes: what their role allows, and who they are and where from for the lines (null actor: a test's system push). */
export type Pusher = { allowed: (name: string) => boolean; actorId: string | null; origin: AuditOrigin };

/** Runs `write`, then records its line; the target's name is read before a change (a deletion leaves none) or after a creation. */
export async function recordMutationAudit(sql: Queryable, workspaceId: string, pusher: Pusher, audit: MutationAudit | undefined, write: () => Promise<void>) {
  if (!audit || pusher.actorId === null) return write();
  const before = audit.created ? null : await targetName(sql, workspaceId, audit.target.type, audit.target.id);
  await write();
  const name = audit.created ? await targetName(sql, workspaceId, audit.target.type, audit.target.id) : before;
  await recordAudit(sql, {
    accountId: workspaceId, actorId: pusher.actorId, action: audit.action, target: audit.target, detail: name ? { name } : {}, origin: pusher.origin,
  });
}
