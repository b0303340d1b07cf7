/**
 * Write-behind recorder for executions, node visits and button clicks, like the contact journal: a step is a few
 * microseconds in memory, and every ~20 ms one multi-row upsert per table carries whatever accumulated. An
 * execution's latest state wins within a batch. Durable work (a delay) calls flushOrThrow() first so its row finds
 * the execution, and fails with it when the database is away. The price: a crash loses at most one flush interval
 * of history, never a scheduled step.
 */
import type { Queryable, Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ExecutionState } from './execution.ts';
import { inTransaction } from '../../db/transaction.ts';
import { emitWebhookEvents } from '../../ports/webhook-events.ts';
import { writeBatch, type CompletedExecution } from './recorder-repository.ts';

export type ExecutionRecorder = ReturnType<typeof createRecorder>;

export function createRecorder(sql: Sql, logger: Logger, flushDelayMs = 20) {
  let executions = new Map<string, ExecutionState>();
  let visits = new Map<string, { node_id: string; flow_id: string; n: number }>();
  let clicks = new Map<string, { node_id: string; button_id: string; n: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    timer ??= setTimeout(() => void flush(), flushDelayMs);
  };

  /** Writes what accumulated, after the writes before it; rejects with this batch's failure (logged either way). */
  function write(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = { executions: [...executions.values()], visits: [...visits.values()], clicks: [...clicks.values()] };
    executions = new Map();
    visits = new Map();
    clicks = new Map();
    const written = running.then(() => inTransaction(sql, async (tx) => emitCompleted(tx, await writeBatch(tx, batch))));
    running = written.catch((error: unknown) => {
      logger.error('falha ao gravar execuções de fluxos', { error, executions: batch.executions.length });
    });
    return written;
  }
  const flush = () => write().catch(() => undefined);

  return {
    save(execution: ExecutionState) {
      executions.set(execution.id, execution);
      schedule();
    },
    visit(flowId: string, nodeId: string) {
      const entry = visits.get(nodeId) ?? { node_id: nodeId, flow_id: flowId, n: 0 };
      entry.n += 1;
      visits.set(nodeId, entry);
      schedule();
    },
    click(nodeId: string, buttonId: string) {
      const key = `${nodeId}:${buttonId}`;
      const entry = clicks.get(key) ?? { node_id: nodeId, button_id: buttonId, n: 0 };
      entry.n += 1;
      clicks.set(key, entry);
      schedule();
    },
    flush,
    /** flush() for durable work that needs the rows (a delay's job references its execution): its failure goes up. */
    flushOrThrow: write,
  };
}

/** flow.completed (ports/webhook-events.ts), in the transaction that records the completions. */
function emitCompleted(tx: Queryable, completed: CompletedExecution[]) {
  return emitWebhookEvents(tx, completed.map((execution) => ({
    workspaceId: execution.userId, type: 'flow.completed',
    data: { flowId: execution.flowId, botId: execution.botId, contactId: execution.contactId, telegramUserId: String(execution.telegramUserId) },
  })));
}
