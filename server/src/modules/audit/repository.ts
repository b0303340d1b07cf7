/** The audit_log table (migration 0730): lines are only ever added, and read per workspace newest first. */
import type { AuditAction, AuditDetail, AuditTargetType } from '@shared/audit/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export type AuditLine = {
  accountId: string;
  actorId: string | null;
  apiKeyId: string | null;
  action: AuditAction;
  targetType: AuditTargetType | null;
  targetId: string | null;
  detail: AuditDetail;
  clientAddress: string | null;
  userAgent: string | null;
};

export async function insertAuditLine(sql: Queryable, line: AuditLine): Promise<void> {
  await sql`
    insert into audit_log (account_id, actor_id, api_key_id, action, target_type, target_id, detail, client_address, user_agent)
    values (${line.accountId}, ${line.actorId}, ${line.apiKeyId}, ${line.action}, ${line.targetType}, ${line.targetId}, ${jsonb(sql, line.detail)},
            ${line.clientAddress}, ${line.userAgent})`;
}

export type AuditRow = Omit<AuditLine, 'accountId'> & {
  id: bigint;
  createdAt: Date;
  actorName: string | null;
  actorEmail: string | null;
  apiKeyName: string | null;
  apiKeyPrefix: string | null;
  currentName: string | null;
};

export type AuditFilter = { before?: bigint | undefined; actorId?: string | undefined; action?: string | undefined };

/**
 * A page of the workspace's lines, newest first; `before` is the id of the last line of the previous page. `action`
 * is one action ("bot.trash") or a family ("bot"). The actor's and the target's names are read as they are now
 * (a member's name lives in their account, never copied into the log); a line made before the target was erased
 * keeps the name it recorded in `detail.name`.
 */
export function listAuditLines(sql: Queryable, accountId: string, limit: number, filter: AuditFilter = {}) {
  const { before, actorId, action } = filter;
  const family = action !== undefined && !action.includes('.');
  return sql<AuditRow[]>`
    select a.id, a.actor_id as "actorId", a.api_key_id as "apiKeyId", k.name as "apiKeyName", k.display_prefix as "apiKeyPrefix", a.action, a.target_type as "targetType", a.target_id as "targetId", a.detail,
           a.client_address as "clientAddress", a.user_agent as "userAgent", a.created_at as "createdAt",
           u.name as "actorName", u.email as "actorEmail",
           case a.target_type
             when 'member' then (select t.name from users t where t.id::text = a.target_id)
             when 'bot' then (select '@' || t.username from bots t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'flow' then (select t.name from flows t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'broadcast' then (select t.name from broadcasts t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'pixel' then (select t.name from meta_pixels t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'webhook' then (select substring(t.url from '^[a-z]+://([^/?#]+)') from webhook_subscriptions t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'workspace' then (select t.name from workspaces t where t.id::text = a.target_id)
             when 'api_key' then (select t.name from api_keys t where t.id::text = a.target_id and t.user_id = ${accountId})
             when 'channel' then (select t.title from channels t where t.id::text = a.target_id and t.user_id = ${accountId})
           end as "currentName"
    from audit_log a left join users u on u.id = a.actor_id left join api_keys k on k.id = a.api_key_id and k.user_id = a.account_id
    where a.account_id = ${accountId}
      ${before === undefined ? sql`` : sql`and a.id < ${before.toString()}`}
      ${actorId === undefined ? sql`` : sql`and a.actor_id = ${actorId}`}
      ${action === undefined ? sql`` : family ? sql`and a.action like ${`${action}.%`}` : sql`and a.action = ${action}`}
    order by a.id desc
    limit ${limit}`;
}

/** The name a target has now, to keep in its line (a purge or a deletion leaves nothing to read later). */
export async function targetName(sql: Queryable, accountId: string, type: AuditTargetType, id: string): Promise<string | null> {
  const rows = await sql<{ name: string }[]>`
    select case ${type}::text
      when 'bot' then (select '@' || username from bots where id::text = ${id} and user_id = ${accountId})
      when 'flow' then (select name from flows where id::text = ${id} and user_id = ${accountId})
      when 'broadcast' then (select name from broadcasts where id::text = ${id} and user_id = ${accountId})
      when 'pixel' then (select name from meta_pixels where id::text = ${id} and user_id = ${accountId})
      when 'plan' then (select name from access_plans where id::text = ${id} and user_id = ${accountId})
      when 'access' then (select p.name from access_members m join access_plans p on p.id = m.plan_id where m.id::text = ${id} and m.user_id = ${accountId})
      -- The host only: a receiver's path often carries its own secret (Zapier, Make, n8n hook URLs).
      when 'webhook' then (select substring(url from '^[a-z]+://([^/?#]+)') from webhook_subscriptions where id::text = ${id} and user_id = ${accountId})
      when 'workspace' then (select name from workspaces where id::text = ${id})
      when 'api_key' then (select name from api_keys where id::text = ${id} and user_id = ${accountId})
      when 'channel' then (select title from channels where id::text = ${id} and user_id = ${accountId})
    end as name`;
  return rows[0]?.name ?? null;
}
