/**
 * What a walk needs from the engine (docs/decisions.md#d-flow-engine): the bot's Api, its graphs, the uploaded media,
 * and the durable delay: a delay node schedules a `flow.resume` job (docs/decisions.md#background-jobs) scoped to its bot.
 */
import type { Api } from 'grammy';
import type { Sql } from '../../db/client.ts';
import type { ExecutionState } from './execution.ts';
import type { BotGraphs, EngineNode } from './flow-graph.ts';
import type { MediaInputs } from './media-input.ts';
import type { ExecutionRecorder } from './recorder.ts';
import { botScope, flowResumeJob } from './resume-job.ts';
import type { WalkDeps } from './walk.ts';

/** A resume that fails before its walk (the database unreachable) is tried again, then dead-lettered. */
const RESUME_ATTEMPTS = 3;

export type WalkDepsFor = (api: Api | undefined, graphs: BotGraphs) => WalkDeps;

export function walkDepsFactory(deps: { sql: Sql; recorder: ExecutionRecorder; media: MediaInputs; allowPrivateHttp: boolean }): WalkDepsFor {
  const { sql, recorder } = deps;
  const scheduleDelay = async (execution: ExecutionState, node: EngineNode, runAt: Date) => {
    // The pending row references the execution: write the history that waits in memory first.
    recorder.save({ ...execution, status: 'waiting' });
    await recorder.flushOrThrow();
    await flowResumeJob.enqueue(sql, { executionId: execution.id, botId: execution.botId, nodeId: node.id }, {
      runAt, scope: botScope(execution.botId), maxAttempts: RESUME_ATTEMPTS,
      // The same walk of a redone update schedules this delay once (the execution id comes from the update).
      idempotencyKey: `${execution.id}:${node.id}:${execution.steps.length}`,
    });
  };
  return (api, graphs) => ({ api, graphs, recorder, media: deps.media, allowPrivateHttp: deps.allowPrivateHttp, scheduleDelay });
}
