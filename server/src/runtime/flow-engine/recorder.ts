/**
 * Write-behind recorder for executions, node visits and button clicks, like the contact journal: a step is a few
 * microseconds in memory, and every ~20 ms one multi-row upsert per table carries whatever accumulated. An
 * execution's latest state wins within a batch. Durable work (a delay) calls flush() first so its row finds
 * the execution. The price: a crash loses at most one flush interval of history, never a scheduled step.
 */
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ExecutionState } from './execution.ts';
import { writeBatch } from './recorder-repository.ts';

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

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = { executions: [...executions.values()], visits: [...visits.values()], clicks: [...clicks.values()] };
    executions = new Map();
    visits = new Map();
    clicks = new Map();
    running = running.then(() => writeBatch(sql, batch)).catch((error: unknown) => {
      logger.error('falha ao gravar execuções de fluxos', { error, executions: batch.executions.length });
    });
    return running;
  }

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
  };
}
