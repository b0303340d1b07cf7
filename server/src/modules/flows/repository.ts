/** Flow queries, always scoped by the owner's user id (decisions §1). */
import type { Sql } from '../../db/client.ts';

export type FlowRow = {
  id: string;
  botId: string;
  name: string;
  description: string | null;
  enabled: boolean;
  triggerType: string | null;
  executionContexts: string[];
  allowedChannelIds: string[];
  createdAt: Date;
  updatedAt: Date;
};

export type FlowFilter = { botId?: string | undefined; channelId?: string | undefined };

export function listFlows(sql: Sql, userId: string, filter: FlowFilter) {
  return sql<FlowRow[]>`
    select id, bot_id as "botId", name, description, enabled, trigger ->> 'type' as "triggerType",
           execution_contexts as "executionContexts", allowed_channel_ids as "allowedChannelIds",
           created_at as "createdAt", updated_at as "updatedAt"
    from flows
    where user_id = ${userId}
      ${filter.botId ? sql`and bot_id = ${filter.botId}` : sql``}
      ${filter.channelId ? sql`and ${filter.channelId} = any(allowed_channel_ids)` : sql``}
    order by created_at desc, id`;
}
