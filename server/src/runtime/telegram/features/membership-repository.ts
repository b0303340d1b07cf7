/** channel_member_events rows (migration 0660): one per join or leave, a redelivered update writing nothing. */
import type { Queryable } from '../../../db/client.ts';

export type MembershipEvent = { userId: string; botId: string; chatId: number; telegramUserId: number; kind: 'join' | 'leave'; at: Date };

/** False when this join or leave was already recorded (the update handled twice). */
export async function recordMembership(sql: Queryable, event: MembershipEvent): Promise<boolean> {
  const rows = await sql`
    insert into channel_member_events (user_id, bot_id, chat_id, telegram_user_id, kind, occurred_at)
    values (${event.userId}, ${event.botId}, ${event.chatId}, ${event.telegramUserId}, ${event.kind}, ${event.at})
    on conflict do nothing
    returning 1`;
  return rows.length === 1;
}
