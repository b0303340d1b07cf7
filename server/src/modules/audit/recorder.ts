/**
 * Writing an audit line: `recordAudit(sql, entry)` with the action's own transaction handle, so the line commits
 * with what it reports (an erasure without its line, or a line for an erasure rolled back, cannot happen).
 * `auditOrigin` reads where a request came from the way the rate limits do (http/client-address.ts).
 */
import type { Server } from 'bun';
import { auditDetailSchema, type AuditAction, type AuditDetail, type AuditTargetType } from '@shared/audit/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { clientAddress } from '../../http/client-address.ts';
import { insertAuditLine } from './repository.ts';

export type AuditOrigin = { clientAddress: string | null; userAgent: string | null };

export type AuditEntry = {
  /** The workspace the line belongs to (the auth guard's `userId`). */
  accountId: string;
  /** The person who acted (the auth guard's `actor.id`); null for the system. */
  actorId: string | null;
  /** The API key the request was made with (then actorId is null: no person acted). */
  apiKeyId?: string | null;
  action: AuditAction;
  target?: { type: AuditTargetType; id: string };
  detail?: AuditDetail;
  origin: AuditOrigin;
};

const USER_AGENT_MAX = 300;

/** Control characters are dropped so a line can be shown and logged as it is. */
const printable = (value: string) => value.replace(/\p{Cc}/gu, '').slice(0, USER_AGENT_MAX);

export function auditOrigin(request: Request, server: Pick<Server<unknown>, 'requestIP'> | null, trustProxy: boolean): AuditOrigin {
  const address = clientAddress(request, server, trustProxy);
  const agent = request.headers.get('user-agent');
  return { clientAddress: address === 'unknown' ? null : address, userAgent: agent ? printable(agent) || null : null };
}

export async function recordAudit(sql: Queryable, entry: AuditEntry): Promise<void> {
  await insertAuditLine(sql, {
    accountId: entry.accountId,
    actorId: entry.actorId,
    apiKeyId: entry.apiKeyId ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    detail: auditDetailSchema.parse(entry.detail ?? {}),
    clientAddress: entry.origin.clientAddress,
    userAgent: entry.origin.userAgent,
  });
}
