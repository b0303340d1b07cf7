/**
 * The recorder's batch write (recorder.ts): one multi-row upsert per table. The executions' upsert also answers the
 * ones this write completed (they were not 'completed' before it), for their flow.completed webhook events.
 */
import type { Queryable } from '../../db/client.ts';
import type { ExecutionState } from './execution.ts';

export type Batch = {
  executions: ExecutionState[];
  visits: { node_id: string; flow_id: string; n: number }[];
  clicks: { node_id: string; button_id: string; n: number }[];
};

export type CompletedExecution = { flowId: string; botId: string; userId: string; contactId: string | null; telegramUserId: bigint };

export async function writeBatch(sql: Queryable, batch: Batch): Promise<CompletedExecution[]> {
  let completed: CompletedExecution[] = [];
  if (batch.executions.length > 0) {
    const rows = batch.executions.map((e) => ({
      id: e.id, flow_id: e.flowId, bot_id: e.botId, contact_telegram_id: e.contactTelegramId, chat_id: e.chatId,
      trigger_node_id: e.triggerNodeId, status: e.status, variables: JSON.stringify(e.variables),
      steps: JSON.stringify(e.steps), step_count: e.steps.length, error: e.error, started_at: e.startedAt,
      finished_at: e.finishedAt,
    }));
    completed = await sql<CompletedExecution[]>`
      with before as (
        select id, status from flow_executions where id in (select x.id from jsonb_to_recordset(${sql.json(rows)}) as x(id uuid))),
      written as (
      insert into flow_executions (id, flow_id, bot_id, contact_telegram_id, chat_id, trigger_node_id, status,
                                   variables, steps, step_count, error, started_at, finished_at)
      select x.id, x.flow_id, x.bot_id, x.contact_telegram_id, x.chat_id, x.trigger_node_id, x.status,
             x.variables::jsonb, x.steps::jsonb, x.step_count, x.error, x.started_at, x.finished_at
      from jsonb_to_recordset(${sql.json(rows)}) as x(id uuid, flow_id uuid, bot_id uuid, contact_telegram_id bigint,
        chat_id bigint, trigger_node_id uuid, status text, variables text, steps text, step_count integer,
        error text, started_at timestamptz, finished_at timestamptz)
      -- A flow removed while its history waited: skip it instead of failing the batch on the foreign key.
      where exists (select 1 from flows f where f.id = x.flow_id)
      on conflict (id) do update set status = excluded.status, variables = excluded.variables,
        steps = excluded.steps, step_count = excluded.step_count, error = excluded.error,
        finished_at = excluded.finished_at
      returning id, flow_id, bot_id, contact_telegram_id, status)
      select w.flow_id as "flowId", w.bot_id as "botId", b.user_id as "userId", c.id as "contactId", w.contact_telegram_id as "telegramUserId"
      from written w join bots b on b.id = w.bot_id
        left join before on before.id = w.id
        left join contacts c on c.bot_id = w.bot_id and c.telegram_id = w.contact_telegram_id
      where w.status = 'completed' and before.status is distinct from 'completed'`;
  }
  if (batch.visits.length > 0) {
    await sql`
      insert into flow_node_stats (node_id, flow_id, visits)
      select x.node_id, x.flow_id, x.n from jsonb_to_recordset(${sql.json(batch.visits)}) as x(node_id uuid, flow_id uuid, n integer)
      where exists (select 1 from flow_nodes n where n.id = x.node_id)
      on conflict (node_id) do update set visits = flow_node_stats.visits + excluded.visits`;
  }
  if (batch.clicks.length > 0) {
    await sql`
      insert into flow_button_clicks (node_id, button_id, clicks)
      select x.node_id, x.button_id, x.n from jsonb_to_recordset(${sql.json(batch.clicks)}) as x(node_id uuid, button_id text, n integer)
      where exists (select 1 from flow_nodes n where n.id = x.node_id)
      on conflict (node_id, button_id) do update set clicks = flow_button_clicks.clicks + excluded.clicks`;
  }
  return completed;
}
