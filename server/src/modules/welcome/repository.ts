/** Welcome messages, reached through their channel and its bot so every query is scoped by the owner. */
import type { Queryable } from '../../db/client.ts';
import type { WelcomeMessage } from '../../../../shared/welcome/schemas.ts';

export type OwnedChannel = { id: string; botId: string; chatId: bigint };

export async function findOwnedChannel(sql: Queryable, userId: string, channelId: string) {
  const rows = await sql<OwnedChannel[]>`
    select c.id, c.bot_id as "botId", c.chat_id as "chatId"
    from channels c join bots b on b.id = c.bot_id
    where c.id = ${channelId} and b.user_id = ${userId}`;
  return rows[0];
}

export async function findWelcome(sql: Queryable, channelId: string) {
  const rows = await sql<WelcomeMessage[]>`
    select message, enabled, trigger_on as "triggerOn", auto_approve as "autoApprove",
           send_to_private as "sendToPrivate", buttons
    from welcome_messages where channel_id = ${channelId}`;
  return rows[0];
}

export async function saveWelcome(sql: Queryable, channelId: string, welcome: WelcomeMessage) {
  const rows = await sql<WelcomeMessage[]>`
    insert into welcome_messages (channel_id, message, enabled, trigger_on, auto_approve, send_to_private, buttons)
    values (${channelId}, ${welcome.message}, ${welcome.enabled}, ${welcome.triggerOn}, ${welcome.autoApprove},
            ${welcome.sendToPrivate}, ${sql.json(welcome.buttons)})
    on conflict (channel_id) do update set
      message = excluded.message, enabled = excluded.enabled, trigger_on = excluded.trigger_on,
      auto_approve = excluded.auto_approve, send_to_private = excluded.send_to_private,
      buttons = excluded.buttons, updated_at = now()
    returning message, enabled, trigger_on as "triggerOn", auto_approve as "autoApprove",
              send_to_private as "sendToPrivate", buttons`;
  const saved = rows[0];
  if (!saved) throw new Error('welcome upsert returned no row');
  return saved;
}

export type WelcomeRowWithChannel = WelcomeMessage & { channelId: string; botId: string };

/** The user's welcome messages of these channels (offline sync pull). */
export function findWelcomesByChannelIds(sql: Queryable, userId: string, channelIds: string[]) {
  return sql<WelcomeRowWithChannel[]>`
    select w.message, w.enabled, w.trigger_on as "triggerOn", w.auto_approve as "autoApprove",
           w.send_to_private as "sendToPrivate", w.buttons, w.channel_id as "channelId", c.bot_id as "botId"
    from welcome_messages w join channels c on c.id = w.channel_id
    where w.user_id = ${userId} and w.channel_id = any(${channelIds}::uuid[])`;
}
