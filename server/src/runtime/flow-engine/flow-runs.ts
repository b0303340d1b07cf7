/**
 * New executions (docs/decisions.md#d-flow-engine): a trigger fired, or a flow button pressed. The update that fired
 * one (its update_id) gives it a stable id: a redone update walks the same execution, see newExecution.
 */
import type { Api } from 'grammy';
import type { Sql } from '../../db/client.ts';
import * as store from './engine-repository.ts';
import { newExecution } from './execution.ts';
import type { BotGraphs } from './flow-graph.ts';
import type { ExecutionRecorder } from './recorder.ts';
import type { Variables } from './variables.ts';
import { walk } from './walk.ts';
import type { WalkDepsFor } from './walk-deps.ts';

export type StartInput = {
  botId: string; flowId: string; triggerNodeId: string; contactTelegramId: number; chatId: number; variables: Variables;
  /** The update that fired it (its update_id): a redone update walks the same execution, see newExecution. */
  updateId?: number | undefined;
};
export type ContinueInput = Omit<StartInput, 'triggerNodeId'> & { nodeId: string };

export function createFlowRuns(deps: { sql: Sql; recorder: ExecutionRecorder; walkDeps: WalkDepsFor }) {
  const { sql, recorder, walkDeps } = deps;
  return {
    /** A trigger fired: a new execution walks from the trigger node (no Api: a dry run, nothing recorded). */
    start(api: Api | undefined, graphs: BotGraphs, { updateId, ...input }: StartInput) {
      const execution = newExecution({ ...input, cause: updateId === undefined ? undefined : `update:${updateId}:${input.triggerNodeId}` });
      return walk(api ? walkDeps(api, graphs) : { ...walkDeps(undefined, graphs), recorder: undefined }, execution, [input.triggerNodeId]);
    },
    /**
     * A flow button was pressed: a new execution of that flow walks from the target node, carrying the variables
     * of the contact's latest execution there. Each press is its own walk: it gets the full step budget (a menu
     * that loops back on itself keeps answering) and never rewrites the steps of a walk still waiting on a delay.
     */
    async continueAt(api: Api, graphs: BotGraphs, { updateId, ...input }: ContinueInput) {
      await recorder.flush();
      const previous = await store.latestExecution(sql, input.flowId, input.contactTelegramId, input.chatId);
      // The press keeps what the trigger saw (message.text, command.args, http.*), with the contact refreshed.
      const variables = previous ? { ...previous.variables, contact: input.variables.contact } : input.variables;
      const cause = updateId === undefined ? undefined : `update:${updateId}:${input.nodeId}`;
      return walk(walkDeps(api, graphs), newExecution({ ...input, variables, triggerNodeId: null, cause }), [input.nodeId]);
    },
  };
}
