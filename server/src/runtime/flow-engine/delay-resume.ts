/**
 * A due durable delay (`flow.resume`, docs/decisions.md#background-jobs) continues its execution after the delay node,
 * in the process running the bot: a bot stopped meanwhile releases the job until it runs again.
 */
import type { Sql } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import type { AttachedBot } from './attached-bots.ts';
import * as store from './engine-repository.ts';
import { nextNodes } from './flow-graph.ts';
import type { GraphCache } from './graph-cache.ts';
import type { ExecutionRecorder } from './recorder.ts';
import type { flowResumeJob, FlowResume } from './resume-job.ts';
import { walk } from './walk.ts';
import type { WalkDepsFor } from './walk-deps.ts';

/**
 * The longest a walk may run: longer than any (100 steps, HTTP steps capped at 10 s), so the worker renews a live
 * walk's lease and it is not run twice. A delay whose process died mid-walk is claimed again once its short live
 * lease runs out (jobs/worker.ts): a crash costs at-least-once, not never, and not a long wait.
 */
const CLAIM_LEASE_MS = 20 * 60_000;

export const DELAY_ENDED = {
  flowDisabled: 'Fluxo desativado durante a espera',
  nodeRemoved: 'Bloco de espera removido durante a espera',
} as const;

export type DelayResumeDeps = {
  sql: Sql;
  cache: GraphCache;
  recorder: ExecutionRecorder;
  attachedBot(botId: string): AttachedBot | undefined;
  walkDeps: WalkDepsFor;
};

export function delayResumeHandler(deps: DelayResumeDeps): JobHandler<typeof flowResumeJob.payload> {
  /** Resumes one due delay; false when its bot stopped meanwhile and the step waits for the bot's return. */
  async function resumeAfterDelay(step: FlowResume): Promise<boolean> {
    const bot = deps.attachedBot(step.botId);
    if (!bot) return false;
    const execution = await store.findExecution(deps.sql, step.executionId);
    if (!execution) return true;
    const graphs = await deps.cache.get(step.botId);
    // The flow was disabled or the delay node removed while waiting: the execution ends there, and says why.
    const ended = !graphs.flowsById.has(execution.flowId) ? DELAY_ENDED.flowDisabled : !graphs.nodes.has(step.nodeId) ? DELAY_ENDED.nodeRemoved : undefined;
    if (ended) {
      deps.recorder.save({ ...execution, status: 'stopped', error: ended, finishedAt: new Date().toISOString() });
      return true;
    }
    await walk(deps.walkDeps(bot.api, graphs), execution, nextNodes(graphs, step.nodeId, 'default'));
    return true;
  }
  return {
    leaseMs: CLAIM_LEASE_MS,
    run: async (step) => ((await resumeAfterDelay(step)) ? undefined : 'release'),
  };
}
