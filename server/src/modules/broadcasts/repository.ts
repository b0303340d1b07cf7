/**
 * Broadcast rows and their audience (docs/decisions.md#d-broadcasts, #broadcast-delivery). Every read of the API is
 * scoped by the owner; counts always come from broadcast_recipients (never stored counters).
 */
import type { BroadcastTargetType } from '@shared/broadcasts/schemas.ts';
import type { BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';
import { audienceNow, type AudienceNow } from './audience-repository.ts';

export type BroadcastButtonRows = { buttons: { text: string; type: 'url' | 'callback'; value: string }[] }[];

export type BroadcastRow = {
  id: string;
  userId: string;
  botId: string;
  botName: string;
  botUsername: string;
  botRate: number;
  name: string;
  message: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'AUDIO' | 'DOCUMENT' | null;
  mediaUrl: string | null;
  caption: string | null;
  buttons: BroadcastButtonRows;
  targetType: BroadcastTargetType;
  contactIds: string[];
  labelId: string | null;
  status: BroadcastStatus;
  scheduledFor: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The audience job is still writing recipients. */
  materialising: boolean;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  /** Before the send starts (DRAFT, SCHEDULED), on the API's reads: who its audience holds now. */
  audienceNow?: AudienceNow | undefined;
};

export type BroadcastFields = {
  name: string;
  botId: string;
  message: string;
  mediaType: BroadcastRow['mediaType'];
  mediaUrl: string | null;
  caption: string | null;
  buttons: BroadcastButtonRows;
  targetType: BroadcastTargetType;
  contactIds: string[];
  labelId: string | null;
  scheduledFor: Date | null;
  status: BroadcastStatus;
};

const view = (sql: Queryable) => sql`
  b.id, b.user_id as "userId", b.bot_id as "botId", bo.name as "botName", bo.username as "botUsername",
  bo.broadcast_rate as "botRate", b.name, b.message, b.media_type as "mediaType", b.media_url as "mediaUrl",
  b.caption, b.buttons, b.target_type as "targetType", b.contact_ids::text[] as "contactIds", b.label_id as "labelId", b.status,
  b.scheduled_for as "scheduledFor", b.started_at as "startedAt", b.completed_at as "completedAt", b.error,
  b.created_at as "createdAt", b.updated_at as "updatedAt",
  b.materialising,
  -- While the audience job writes, the total is the audience counted when sending started, and those not written yet
  -- count as pending; afterwards it is the rows' own count (docs/decisions.md#broadcast-delivery).
  (case when b.materialising then greatest(coalesce(b.audience_total, 0), coalesce(s.total, 0)) else coalesce(s.total, 0) end)::int as total,
  coalesce(s.sent, 0)::int as sent, coalesce(s.failed, 0)::int as failed, coalesce(s.skipped, 0)::int as skipped,
  (coalesce(s.pending, 0) + case when b.materialising then greatest(coalesce(b.audience_total, 0) - coalesce(s.total, 0), 0) else 0 end)::int as pending`;

const counts = (sql: Queryable) => sql`
  left join lateral (
    select count(*) as total,
      count(*) filter (where r.status = 'sent') as sent,
      count(*) filter (where r.status in ('failed', 'skipped')) as failed,
      count(*) filter (where r.status = 'skipped') as skipped,
      count(*) filter (where r.status in ('pending', 'sending')) as pending
    from broadcast_recipients r where r.broadcast_id = b.id
  ) s on true`;

/** The API's reads carry the audience of the broadcasts not sent yet (audience-repository.ts). */
async function withAudience(sql: Queryable, rows: BroadcastRow[]): Promise<BroadcastRow[]> {
  const notSent = rows.filter((row) => row.status === 'DRAFT' || row.status === 'SCHEDULED');
  if (notSent.length === 0) return rows;
  const counts = await audienceNow(sql, notSent);
  return rows.map((row) => ({ ...row, audienceNow: counts.get(row.id) }));
}

export async function findBroadcast(sql: Queryable, userId: string, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await sql<BroadcastRow[]>`
    select ${view(sql)} from broadcasts b join bots bo on bo.id = b.bot_id ${counts(sql)}
    where b.id = ${id} and b.user_id = ${userId} and bo.deleted_at is null`;
  return row ? (await withAudience(sql, [row]))[0] : undefined;
}

export async function findBroadcastById(sql: Queryable, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await sql<BroadcastRow[]>`
    select ${view(sql)} from broadcasts b join bots bo on bo.id = b.bot_id ${counts(sql)} where b.id = ${id}`;
  return row;
}

export type ListFilter = { botId?: string | undefined; status?: BroadcastStatus | undefined; search?: string | undefined };

export async function listBroadcasts(sql: Queryable, userId: string, filter: ListFilter, limit: number, offset: number) {
  const where = sql`b.user_id = ${userId} and ${notTrashedBot(sql, userId, 'b.bot_id')}
    ${filter.botId ? sql`and b.bot_id = ${filter.botId}` : sql``}
    ${filter.status ? sql`and b.status = ${filter.status}` : sql``}
    ${filter.search ? sql`and b.name ilike ${'%' + filter.search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}` : sql``}`;
  const rows = await sql<BroadcastRow[]>`
    select ${view(sql)} from broadcasts b join bots bo on bo.id = b.bot_id ${counts(sql)}
    where ${where} order by b.created_at desc, b.id limit ${limit} offset ${offset}`;
  const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`select count(*)::int as total from broadcasts b where ${where}`;
  return { rows: await withAudience(sql, rows), total };
}

export async function idTaken(sql: Queryable, id: string): Promise<boolean> {
  const rows = await sql`select 1 from broadcasts where id = ${id}`;
  return rows.length > 0;
}

export async function findOwnedBot(sql: Queryable, userId: string, botId: string) {
  const [row] = await sql<{ id: string; isActive: boolean }[]>`select id, is_active as "isActive" from bots
    where id = ${botId} and user_id = ${userId} and deleted_at is null`;
  return row;
}

/** How many of `contactIds` are contacts of this bot (and so of its owner). */
export async function countBotContacts(sql: Queryable, botId: string, contactIds: string[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from contacts where bot_id = ${botId} and id = any(${contactIds}::uuid[])`;
  return row?.count ?? 0;
}

export async function insertBroadcast(sql: Queryable, userId: string, id: string, fields: BroadcastFields) {
  await sql`
    insert into broadcasts (id, user_id, bot_id, name, message, media_type, media_url, caption, buttons, target_type, contact_ids, label_id, status, scheduled_for)
    values (${id}, ${userId}, ${fields.botId}, ${fields.name}, ${fields.message}, ${fields.mediaType}, ${fields.mediaUrl}, ${fields.caption},
      ${sql.json(fields.buttons)}, ${fields.targetType}, ${fields.contactIds}::uuid[], ${fields.labelId}, ${fields.status}, ${fields.scheduledFor})`;
}

/** Writes the editable fields while the status is still one of `from` (compare-and-set); false when it moved. */
export async function updateBroadcast(sql: Queryable, id: string, from: BroadcastStatus[], fields: BroadcastFields): Promise<boolean> {
  const rows = await sql`
    update broadcasts set bot_id = ${fields.botId}, name = ${fields.name}, message = ${fields.message}, media_type = ${fields.mediaType},
      media_url = ${fields.mediaUrl}, caption = ${fields.caption}, buttons = ${sql.json(fields.buttons)}, target_type = ${fields.targetType},
      contact_ids = ${fields.contactIds}::uuid[], label_id = ${fields.labelId}, status = ${fields.status}, scheduled_for = ${fields.scheduledFor},
      media_file_id = case when media_url is distinct from ${fields.mediaUrl} or media_type is distinct from ${fields.mediaType} or bot_id <> ${fields.botId} then null else media_file_id end,
      updated_at = now()
    where id = ${id} and status = any(${from}::text[]) returning id`;
  return rows.length > 0;
}

export async function deleteBroadcast(sql: Queryable, id: string, from: BroadcastStatus[]): Promise<boolean> {
  const rows = await sql`delete from broadcasts where id = ${id} and status = any(${from}::text[]) returning id`;
  return rows.length > 0;
}

/** Moves the status (compare-and-set) and stamps what the transition sets. */
export async function setStatus(
  sql: Queryable,
  id: string,
  from: BroadcastStatus[],
  to: BroadcastStatus,
  extra: { error?: string | null; started?: boolean; completed?: boolean } = {},
): Promise<boolean> {
  const rows = await sql`
    update broadcasts set status = ${to}, updated_at = now(),
      error = ${extra.error === undefined ? sql`error` : extra.error},
      started_at = ${extra.started ? sql`now()` : sql`started_at`},
      completed_at = ${extra.completed ? sql`now()` : to === 'SENDING' ? null : sql`completed_at`}
    where id = ${id} and status = any(${from}::text[]) returning id`;
  return rows.length > 0;
}

/** Whether the audience job is still writing, and whether any recipient was written already (a send again). */
export async function audienceState(sql: Queryable, id: string): Promise<{ materialising: boolean; hasRecipients: boolean }> {
  const [row] = await sql<{ materialising: boolean; hasRecipients: boolean }[]>`
    select b.materialising, exists (select 1 from broadcast_recipients r where r.broadcast_id = b.id) as "hasRecipients"
    from broadcasts b where b.id = ${id}`;
  return row ?? { materialising: false, hasRecipients: false };
}


/** "Send again" (FAILED → SENDING): failures that were certainly not delivered go back to pending. */
export async function requeueRetryable(sql: Queryable, broadcastId: string): Promise<number> {
  const result = await sql`
    update broadcast_recipients set status = 'pending', reason = null, retryable = false, attempts = 0, not_before = null, updated_at = now()
    where broadcast_id = ${broadcastId} and status = 'failed' and retryable`;
  return result.count;
}

export async function stats(sql: Queryable, userId: string, botId: string | undefined) {
  const [row] = await sql<{ total: number; totalSent: number; totalFailed: number; averageSuccessRate: number | null }[]>`
    select count(*)::int as total, coalesce(sum(s.sent), 0)::int as "totalSent", coalesce(sum(s.failed), 0)::int as "totalFailed",
      avg(case when s.total > 0 then s.sent * 100.0 / s.total end)::float8 as "averageSuccessRate"
    from broadcasts b
    left join lateral (
      select count(*) as total, count(*) filter (where r.status = 'sent') as sent,
        count(*) filter (where r.status in ('failed', 'skipped')) as failed
      from broadcast_recipients r where r.broadcast_id = b.id
    ) s on true
    where b.user_id = ${userId} and ${notTrashedBot(sql, userId, 'b.bot_id')} ${botId ? sql`and b.bot_id = ${botId}` : sql``}`;
  return row ?? { total: 0, totalSent: 0, totalFailed: 0, averageSuccessRate: null };
}

export type RecipientRow = {
  contactId: string | null;
  telegramId: bigint;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  reason: string | null;
  telegramMessageId: bigint | null;
  updatedAt: Date;
};

export async function listRecipients(sql: Queryable, broadcastId: string, statuses: string[] | undefined, limit: number, offset: number) {
  const where = sql`r.broadcast_id = ${broadcastId} ${statuses ? sql`and r.status = any(${statuses}::text[])` : sql``}`;
  const rows = await sql<RecipientRow[]>`
    select r.contact_id as "contactId", r.telegram_id as "telegramId", c.first_name as "firstName", c.last_name as "lastName",
      c.username, r.status, r.reason, r.telegram_message_id as "telegramMessageId", r.updated_at as "updatedAt"
    from broadcast_recipients r left join contacts c on c.id = r.contact_id
    where ${where} order by r.telegram_id limit ${limit} offset ${offset}`;
  const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`select count(*)::int as total from broadcast_recipients r where ${where}`;
  return { rows, total };
}
