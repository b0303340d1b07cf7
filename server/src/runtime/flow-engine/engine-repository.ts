/** The engine's own queries: resuming executions, durable delays, the contact's phone. */
import type { Queryable } from '../../db/client.ts';
import type { ExecutionState } from './execution.ts';

type ExecutionRow = Omit<ExecutionState, 'contactTelegramId' | 'chatId' | 'startedAt' | 'finishedAt'> & {
  contactTelegramId: bigint;
  chatId: bigint;
  startedAt: Date;
  finishedAt: Date | null;
};

const columns = (sql: Queryable) => sql`
  id, flow_id as "flowId", bot_id as "botId", contact_telegram_id as "contactTelegramId", chat_id as "chatId",
  trigger_node_id as "triggerNodeId", status, variables, steps, error, started_at as "startedAt", finished_at as "finishedAt"`;

const toState = (row: ExecutionRow): ExecutionState => ({
  ...row,
  contactTelegramId: Number(row.contactTelegramId),
  chatId: Number(row.chatId),
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function findExecution(sql: Queryable, executionId: string): Promise<ExecutionState | undefined> {
  const [row] = await sql<ExecutionRow[]>`select ${columns(sql)} from flow_executions where id = ${executionId}`;
  return row ? toState(row) : undefined;
}

/** The contact's latest execution of a flow in a chat: a flow button press carries its variables on. */
export async function latestExecution(sql: Queryable, flowId: string, contactTelegramId: number, chatId: number) {
  const [row] = await sql<ExecutionRow[]>`
    select ${columns(sql)} from flow_executions
    where flow_id = ${flowId} and contact_telegram_id = ${contactTelegramId} and chat_id = ${chatId}
    order by started_at desc limit 1`;
  return row ? toState(row) : undefined;
}

export async function insertPendingStep(sql: Queryable, input: { executionId: string; botId: string; nodeId: string; runAt: Date }) {
  await sql`
    insert into flow_pending_steps (execution_id, bot_id, node_id, run_at)
    values (${input.executionId}, ${input.botId}, ${input.nodeId}, ${input.runAt})`;
}

export type DueStep = { id: string; executionId: string; botId: string; nodeId: string };

/**
 * Claims due steps of the bots this process runs: the status change is the lock, so each runs once. A claim
 * moves run_at to the end of its lease: a step still `running` past it belongs to a process that died, and is
 * claimed again (no column needed, run_at of a running step has no other use).
 */
export function claimDueSteps(sql: Queryable, botIds: string[], leaseMs: number, limit = 50) {
  return sql<DueStep[]>`
    update flow_pending_steps set status = 'running', run_at = now() + ${leaseMs}::int * interval '1 millisecond'
    where id in (
      select id from flow_pending_steps
      where status in ('pending', 'running') and run_at <= now() and bot_id = any(${botIds}::uuid[])
      order by run_at limit ${limit} for update skip locked)
    and status in ('pending', 'running') and run_at <= now()
    returning id, execution_id as "executionId", bot_id as "botId", node_id as "nodeId"`;
}

export async function finishPendingStep(sql: Queryable, id: string) {
  await sql`update flow_pending_steps set status = 'done' where id = ${id}`;
}

/** Gives a claimed step back, due now: its bot stopped here before it ran. */
export async function releasePendingStep(sql: Queryable, id: string) {
  await sql`update flow_pending_steps set status = 'pending', run_at = now() where id = ${id}`;
}

export async function contactPhone(sql: Queryable, botId: string, telegramId: number) {
  const [row] = await sql<{ phoneNumber: string | null }[]>`
    select phone_number as "phoneNumber" from contacts where bot_id = ${botId} and telegram_id = ${telegramId}`;
  return row?.phoneNumber ?? null;
}
