/** The bots' trash (docs/decisions.md#bot-trash): moving in and out, listing, erasing; always scoped by the owner. */
import type { Queryable } from '../../db/client.ts';

export type TrashedBotRow = { id: string; name: string; username: string; deletedAt: Date; purgeAt: Date };

/** Days a trashed bot is kept before the bot.purge job erases it for good. */
export const TRASH_KEEP_DAYS = 30;

const trashedColumns = (sql: Queryable) => sql`
  id, name, username, deleted_at as "deletedAt", deleted_at + ${TRASH_KEEP_DAYS} * interval '1 day' as "purgeAt"`;

/**
 * Switched off (nothing of the runtime picks up an inactive bot, on any instance) and marked; whether it was active
 * is kept for the restore. The user's devices learn that everything under it is gone with the next pull.
 */
export async function trashBot(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<TrashedBotRow[]>`
    update bots set deleted_at = now(), active_before_delete = is_active, is_active = false, updated_at = now()
    where id = ${botId} and user_id = ${userId} and deleted_at is null
    returning ${trashedColumns(sql)}`;
  if (rows[0]) await sql`select sync_revisit_bot(${botId}::uuid)`;
  return rows[0];
}

/** Back with everything under it, in the state it had; answers whether it was active (then the caller starts it). */
export async function restoreBot(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<{ isActive: boolean }[]>`
    update bots set deleted_at = null, is_active = coalesce(active_before_delete, false), active_before_delete = null, updated_at = now()
    where id = ${botId} and user_id = ${userId} and deleted_at is not null
    returning is_active as "isActive"`;
  if (rows[0]) await sql`select sync_revisit_bot(${botId}::uuid)`;
  return rows[0];
}

export function listTrashed(sql: Queryable, userId: string) {
  return sql<TrashedBotRow[]>`
    select ${trashedColumns(sql)} from bots
    where user_id = ${userId} and deleted_at is not null
    order by deleted_at desc, id`;
}

/** Erased for good: channels, welcome messages, contacts, conversations, flows, broadcasts and jobs go with it (ON DELETE CASCADE, triggers). */
export async function eraseTrashed(sql: Queryable, userId: string, botId: string) {
  const rows = await sql`delete from bots where id = ${botId} and user_id = ${userId} and deleted_at is not null returning id`;
  return rows.length > 0;
}

/** The purge's erase: only while still trashed for longer than the keep (a restore, or a newer trashing, wins). */
export async function eraseExpired(sql: Queryable, botId: string) {
  const rows = await sql`
    delete from bots where id = ${botId} and deleted_at is not null
      and deleted_at <= now() - ${TRASH_KEEP_DAYS} * interval '1 day'
    returning id`;
  return rows.length > 0;
}

export type DeletionImpactRow = { contacts: number; conversations: number; flows: number; broadcastsSending: number; broadcastsScheduled: number };

/** What goes with a bot deleted now, counted for the confirmation. */
export async function deletionImpact(sql: Queryable, userId: string, botId: string) {
  const [row] = await sql<DeletionImpactRow[]>`
    select
      (select count(*) from contacts where bot_id = b.id)::int as contacts,
      (select count(*) from conversations where bot_id = b.id)::int as conversations,
      (select count(*) from flows where bot_id = b.id)::int as flows,
      (select count(*) from broadcasts where bot_id = b.id and status = 'SENDING')::int as "broadcastsSending",
      (select count(*) from broadcasts where bot_id = b.id and status = 'SCHEDULED')::int as "broadcastsScheduled"
    from bots b where b.id = ${botId} and b.user_id = ${userId} and b.deleted_at is null`;
  return row;
}
