/**
 * Walks an execution from some nodes (docs/decisions.md#d-flow-engine): depth-first, each node's targets in connection order, every
 * visited node counted once per visit, at most 100 steps per execution (loop guard). A failed step ends its
 * branch; a delay ends its branch until the pending step resumes it. The database away is no failed step: it ends the
 * walk and goes up, so the update (or the job) that caused it is handled again once the database answers.
 */
import { MAX_EXECUTION_STEPS } from '@shared/flows/executions.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { ExecutionState } from './execution.ts';
import { externalClock } from './external-clock.ts';
import { nextNodes } from './flow-graph.ts';
import type { ExecutionRecorder } from './recorder.ts';
import { runNode, type NodeResult, type RunNodeDeps } from './run-node.ts';

export type WalkDeps = RunNodeDeps & { recorder: ExecutionRecorder | undefined };

export function walk(deps: WalkDeps, execution: ExecutionState, startNodeIds: string[]): Promise<ExecutionState> {
  return externalClock.run({ ms: 0 }, () => walkNow(deps, execution, startNodeIds));
}

async function walkNow(deps: WalkDeps, execution: ExecutionState, startNodeIds: string[]): Promise<ExecutionState> {
  const clock = externalClock.getStore() ?? { ms: 0 };
  const stack = [...startNodeIds].reverse();
  let waiting = false;
  let failed = false;
  let stopped = false;
  execution.status = 'running';
  while (stack.length > 0) {
    const node = deps.graphs.nodes.get(stack.pop() ?? '');
    if (!node) continue;
    if (execution.steps.length >= MAX_EXECUTION_STEPS) {
      stopped = true;
      execution.error = `Limite de ${MAX_EXECUTION_STEPS} passos atingido`;
      break;
    }
    const started = performance.now();
    const externalBefore = clock.ms;
    let result: NodeResult;
    try {
      result = await runNode(deps, execution, node);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      result = { outcome: 'failed', handle: null, detail: error instanceof Error ? error.message : String(error) };
    }
    execution.steps.push({
      nodeId: node.id, subType: node.subType, outcome: result.outcome, handle: result.handle, detail: result.detail,
      at: new Date().toISOString(), ms: round(performance.now() - started), externalMs: round(clock.ms - externalBefore),
    });
    deps.recorder?.visit(execution.flowId, node.id);
    if (result.outcome === 'scheduled') waiting = true;
    if (result.outcome === 'failed') {
      failed = true;
      execution.error = result.detail;
    }
    if (result.handle) stack.push(...[...nextNodes(deps.graphs, node.id, result.handle)].reverse());
  }
  execution.status = stopped ? 'stopped' : failed ? 'failed' : waiting ? 'waiting' : 'completed';
  execution.finishedAt = execution.status === 'waiting' ? null : new Date().toISOString();
  deps.recorder?.save(execution);
  return execution;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
