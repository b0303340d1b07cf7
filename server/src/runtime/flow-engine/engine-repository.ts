/** The engine's own queries: resuming executions, the contact's phone (durable delays are jobs: jobs/). */
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

export async function contactPhone(sql: Queryable, botId: string, telegramId: number) {
  const [row] = await sql<{ phoneNumber: string | null }[]>`
    select phone_number as "phoneNumber" from contacts where bot_id = ${botId} and telegram_id = ${telegramId}`;
  return row?.phoneNumber ?? null;
}
