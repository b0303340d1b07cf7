/**
 * Long-polling leases (docs/decisions.md#scale-out): which server instance polls which bot, and where each bot's
 * update stream stands. Every write after a claim names the owner, so an instance whose lease ran out (and was
 * taken) changes nothing.
 */
import type { Sql } from '../../../db/client.ts';

export type PollingClaim = {
  botId: string;
  /** The next getUpdates offset: every update_id below it was handled (and Telegram was told so). */
  nextOffset: number;
  /** Update ids at or above nextOffset whose receipt is stored: handled already, not to be redone. */
  doneIds: number[];
  /** How old next_offset is: Telegram restarts update ids after a week without updates. */
  offsetAgeMs: number;
};

/**
 * The instance's heartbeat, in one statement (`identity`: its INSTANCE_ID, recorded on its row): the instance row and every lease it holds on an active bot are
 * extended; expired instance rows are cleared. Answers the bots this instance still holds: one it runs that is missing
 * was switched off, deleted, or taken after its lease ran out. A switched-off bot's lease is kept (not extended) until
 * the bot has stopped here and the lease is released: switched on again meanwhile, nobody else starts it before that
 * (never two pollers, or a webhook set by the new owner and deleted by the old one).
 */
export async function heartbeat(sql: Sql, instanceId: string, leaseMs: number, identity: string | null = null): Promise<Set<string>> {
  const rows = await sql<{ botId: string }[]>`
    with instance as (
      insert into server_instances (id, expires_at, instance_id) values (${instanceId}, now() + ${leaseMs} * interval '1 millisecond', ${identity})
      on conflict (id) do update set expires_at = excluded.expires_at
    ), gone as (
      delete from server_instances where expires_at < now() - interval '1 hour'
    )
    update bot_polling p set lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
    from bots b where b.id = p.bot_id and p.owner = ${instanceId} and b.is_active
    returning p.bot_id as "botId"`;
  return new Set(rows.map((row) => row.botId));
}

/** Live instances (this one included once its heartbeat ran) and active bots: the fair share is their ratio. */
export async function census(sql: Sql): Promise<{ instances: number; bots: number }> {
  const rows = await sql<{ instances: number; bots: number }[]>`
    select (select count(*)::int from server_instances where expires_at > now()) as instances,
           (select count(*)::int from bots where is_active) as bots`;
  return rows[0] ?? { instances: 1, bots: 0 };
}

/**
 * Claims up to `limit` active bots nobody holds (never claimed, released, or whose holder stopped renewing), rows
 * locked by another claimer skipped; `onlyBotId` narrows it to one bot (the API just switched it on here).
 */
export async function claimBots(sql: Sql, input: { instanceId: string; leaseMs: number; limit: number; onlyBotId?: string | undefined }): Promise<PollingClaim[]> {
  if (input.limit <= 0) return [];
  const only = input.onlyBotId ?? null;
  await sql`
    insert into bot_polling (bot_id)
    select id from bots where is_active and (${only}::uuid is null or id = ${only}::uuid)
    on conflict (bot_id) do nothing`;
  const rows = await sql<{ botId: string; nextOffset: bigint; doneIds: bigint[]; offsetAgeMs: number }[]>`
    update bot_polling set owner = ${input.instanceId}, lease_expires_at = now() + ${input.leaseMs} * interval '1 millisecond'
    where bot_id in (
      select p.bot_id from bot_polling p join bots b on b.id = p.bot_id
      where b.is_active and (p.owner is null or p.lease_expires_at is null or p.lease_expires_at < now())
        and (${only}::uuid is null or p.bot_id = ${only}::uuid)
      order by random()
      limit ${input.limit}
      for update of p skip locked)
    returning bot_id as "botId", next_offset as "nextOffset", done_ids as "doneIds",
              (extract(epoch from now() - offset_at) * 1000)::float8 as "offsetAgeMs"`;
  return rows.map((row) => ({ ...row, nextOffset: Number(row.nextOffset), doneIds: row.doneIds.map(Number) }));
}

/** Gives bots back (handover, deactivation, shutdown): another instance may claim them at once. */
export async function releaseBots(sql: Sql, instanceId: string, botIds: string[]): Promise<void> {
  if (botIds.length === 0) return;
  await sql`
    update bot_polling set owner = null, lease_expires_at = null
    where owner = ${instanceId} and bot_id = any(${botIds}::uuid[])`;
}

/**
 * Boot (previous-run-bots.ts): the instance rows of the runs under `identity` (null: every run) go, and their leases
 * with them; answers how many bots were released.
 */
export async function releasePreviousRuns(sql: Sql, identity: string | null): Promise<number> {
  const result = await sql`
    with previous as (delete from server_instances where ${identity}::text is null or instance_id = ${identity} returning id)
    update bot_polling set owner = null, lease_expires_at = null
    where owner is not null and (${identity}::text is null or owner in (select id from previous))`;
  return result.count;
}

/** Shutdown: every lease given back and the instance gone from the census, so the others' shares grow at once. */
export async function leave(sql: Sql, instanceId: string): Promise<void> {
  await sql`
    with released as (update bot_polling set owner = null, lease_expires_at = null where owner = ${instanceId})
    delete from server_instances where id = ${instanceId}`;
}

/**
 * The offset sent to Telegram, stored alone (an empty poll, a stop): every update below it was handled and Telegram
 * forgot it; receipts below it go. False: lease lost.
 */
export async function commitOffset(sql: Sql, instanceId: string, botId: string, nextOffset: number): Promise<boolean> {
  const rows = await sql`
    update bot_polling set next_offset = greatest(next_offset, ${nextOffset}), offset_at = now(),
      done_ids = array(select i from unnest(done_ids) as i where i >= ${nextOffset} order by i)
    where bot_id = ${botId} and owner = ${instanceId} returning 1`;
  return rows.length > 0;
}
