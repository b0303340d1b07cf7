/** Reading the workspace's audit log (GET /team/audit): a page of lines newest first, with who and what they name. */
import type { AuditEntry, AuditPage, AuditQuery } from '@shared/audit/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { listAuditLines, type AuditRow } from './repository.ts';

const PAGE_DEFAULT = 50;

function toEntry(row: AuditRow): AuditEntry {
  const recorded = row.detail['name'];
  return {
    id: row.id.toString(),
    actorId: row.actorId,
    actor: row.actorId && row.actorName !== null && row.actorEmail !== null ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    apiKey: row.apiKeyId && row.apiKeyName !== null && row.apiKeyPrefix !== null ? { id: row.apiKeyId, name: row.apiKeyName, prefix: row.apiKeyPrefix } : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.currentName ?? (typeof recorded === 'string' ? recorded : null),
    detail: row.detail,
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function auditPage(sql: Queryable, workspaceId: string, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? PAGE_DEFAULT;
  const filter = { before: query.before === undefined ? undefined : BigInt(query.before), actorId: query.actor, action: query.action };
  // One more than the page tells whether another page follows.
  const rows = await listAuditLines(sql, workspaceId, limit + 1, filter);
  const entries = rows.slice(0, limit).map(toEntry);
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}
