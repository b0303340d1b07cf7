/** Welcome messages, reached through their channel and its bot so every query is scoped by the owner. */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';

export type OwnedChannel = { id: string; botId: string; chatId: bigint };

export async function findOwnedChannel(sql: Queryable, userId: string, channelId: string) {
  const rows = await sql<OwnedChannel[]>`
    select c.id, c.bot_id as "botId", c.chat_id as "chatId"
    from channels c join bots b on b.id = c.bot_id
    where c.id = ${channelId} and b.user_id = ${userId} and b.deleted_at is null`;
  return rows[0];
}

export async function findWelcome(sql: Queryable, channelId: string) {
  const rows = await sql<WelcomeMessage[]>`
    select message, enabled, trigger_on as "triggerOn", auto_approve as "autoApprove",
           send_to_private as "sendToPrivate", buttons
    from welcome_messages where channel_id = ${channelId}`;
  return rows[0];
}

export type SavedWelcome = WelcomeMessage & { botId: string; chatId: bigint };

/**
 * Upserts the welcome of the user's channel in one statement, ownership included (channels.user_id, migration
 * 0400), so a replay of many edits pays one round trip each. Answers undefined when the channel is not the user's.
 */
export async function saveOwnedWelcome(sql: Queryable, userId: string, channelId: string, welcome: WelcomeMessage) {
  const rows = await sql<SavedWelcome[]>`
    with owned as (
      select c.id, c.bot_id, c.chat_id from channels c where c.id = ${channelId} and c.user_id = ${userId} and ${notTrashedBot(sql, userId, 'c.bot_id')}
    ), saved as (
      insert into welcome_messages (channel_id, message, enabled, trigger_on, auto_approve, send_to_private, buttons)
      select owned.id, ${welcome.message}, ${welcome.enabled}, ${welcome.triggerOn}, ${welcome.autoApprove},
             ${welcome.sendToPrivate}, ${sql.json(welcome.buttons)}
      from owned
      on conflict (channel_id) do update set
        message = excluded.message, enabled = excluded.enabled, trigger_on = excluded.trigger_on,
        auto_approve = excluded.auto_approve, send_to_private = excluded.send_to_private,
        buttons = excluded.buttons, updated_at = now()
      returning message, enabled, trigger_on, auto_approve, send_to_private, buttons)
    select saved.message, saved.enabled, saved.trigger_on as "triggerOn", saved.auto_approve as "autoApprove",
           saved.send_to_private as "sendToPrivate", saved.buttons, owned.bot_id as "botId", owned.chat_id as "chatId"
    from saved cross join owned`;
  return rows[0];
}

export type WelcomeRowWithChannel = WelcomeMessage & { channelId: string; botId: string };

/** The user's welcome messages of these channels (offline sync pull). */
export function findWelcomesByChannelIds(sql: Queryable, userId: string, channelIds: string[]) {
  return sql<WelcomeRowWithChannel[]>`
    select w.message, w.enabled, w.trigger_on as "triggerOn", w.auto_approve as "autoApprove",
           w.send_to_private as "sendToPrivate", w.buttons, w.channel_id as "channelId", c.bot_id as "botId"
    from welcome_messages w join channels c on c.id = w.channel_id
    where w.user_id = ${userId} and w.channel_id = any(${channelIds}::uuid[]) and ${notTrashedBot(sql, userId, 'c.bot_id')}`;
}
