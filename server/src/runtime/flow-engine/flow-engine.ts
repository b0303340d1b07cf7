/**
 * The flow engine of the bot runtime (docs/decisions.md#d-flow-engine): one per process, shared by every running bot. It holds the
 * graph cache and the write-behind recorder; a durable delay is a `flow.resume` job on the job queue
 * (docs/decisions.md#background-jobs). Bots attach their Api when they start so a due delay can send through the
 * right bot: attaching holds the bot's job scope, so only the process running a bot claims its delays.
 */
import type { Api } from 'grammy';
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { contactTriggers, contactVariables, type ContactChange } from './contact-triggers.ts';
import * as store from './engine-repository.ts';
import { newExecution, type ExecutionState } from './execution.ts';
import { nextNodes, type BotGraphs, type EngineNode } from './flow-graph.ts';
import { createGraphCache } from './graph-cache.ts';
import type { FlowGeneration } from './flow-generation.ts';
import { createMediaInputs } from './media-input.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import { createRecorder } from './recorder.ts';
import { botScope, flowResumeJob, type FlowResume } from './resume-job.ts';
import type { Variables } from './variables.ts';
import { walk, type WalkDeps } from './walk.ts';

/**
 * A claimed delay whose process died mid-walk is claimed again once this lease runs out. Longer than any walk
 * (100 steps, HTTP steps capped at 10 s), so a live walk is not run twice; a crash costs at-least-once, not never.
 */
const CLAIM_LEASE_MS = 20 * 60_000;

export const DELAY_ENDED = {
  flowDisabled: 'Fluxo desativado durante a espera',
  nodeRemoved: 'Bloco de espera removido durante a espera',
} as const;

/** A resume that fails before its walk (the database unreachable) is tried again, then dead-lettered. */
const RESUME_ATTEMPTS = 3;

export type FlowEngineOptions = {
  sql: Sql;
  logger: Logger;
  allowPrivateHttp: boolean;
  /** The job queue's worker: durable delays are flow.resume jobs on it. */
  jobs: JobWorker;
  media?: MediaStore | undefined;
  /** Bumped by every API write: cached graphs older than it are reloaded. */
  generation: FlowGeneration;
};
export type AttachedBot = { api: Api; userId: string; username(): string | undefined };
export type StartInput = {
  botId: string; flowId: string; triggerNodeId: string; contactTelegramId: number; chatId: number; variables: Variables;
  /** The update that fired it (its update_id): a redone update walks the same execution, see newExecution. */
  updateId?: number | undefined;
};

export type FlowEngine = ReturnType<typeof createFlowEngine>;

export function createFlowEngine(options: FlowEngineOptions) {
  const { sql, logger } = options;
  const cache = createGraphCache(sql, options.generation);
  const recorder = createRecorder(sql, logger);
  const attached = new Map<string, AttachedBot>();
  const media = createMediaInputs(options.media);

  const walkDeps = (api: Api | undefined, graphs: BotGraphs): WalkDeps => ({
    api, graphs, recorder, media, allowPrivateHttp: options.allowPrivateHttp,
    scheduleDelay: async (execution: ExecutionState, node: EngineNode, runAt: Date) => {
      // The pending row references the execution: write the history that waits in memory first.
      recorder.save({ ...execution, status: 'waiting' });
      await recorder.flush();
      await flowResumeJob.enqueue(sql, { executionId: execution.id, botId: execution.botId, nodeId: node.id }, {
        runAt, scope: botScope(execution.botId), maxAttempts: RESUME_ATTEMPTS,
        // The same walk of a redone update schedules this delay once (the execution id comes from the update).
        idempotencyKey: `${execution.id}:${node.id}:${execution.steps.length}`,
      });
    },
  });

  /** Resumes one due delay; false when its bot stopped meanwhile and the step waits for the bot's return. */
  async function resumeAfterDelay(step: FlowResume): Promise<boolean> {
    const bot = attached.get(step.botId);
    if (!bot) return false;
    const execution = await store.findExecution(sql, step.executionId);
    if (!execution) return true;
    const graphs = await cache.get(step.botId);
    // The flow was disabled or the delay node removed while waiting: the execution ends there, and says why.
    const ended = !graphs.flowsById.has(execution.flowId) ? DELAY_ENDED.flowDisabled : !graphs.nodes.has(step.nodeId) ? DELAY_ENDED.nodeRemoved : undefined;
    if (ended) {
      recorder.save({ ...execution, status: 'stopped', error: ended, finishedAt: new Date().toISOString() });
      return true;
    }
    await walk(walkDeps(bot.api, graphs), execution, nextNodes(graphs, step.nodeId, 'default'));
    return true;
  }

  options.jobs.register(flowResumeJob, {
    leaseMs: CLAIM_LEASE_MS,
    run: async (step) => ((await resumeAfterDelay(step)) ? undefined : 'release'),
  });

  return {
    graphs: (botId: string) => cache.get(botId),
    recorder,
    attach(botId: string, bot: AttachedBot) {
      attached.set(botId, bot);
      cache.forget(botId);
      options.jobs.hold(botScope(botId));
    },
    detach(botId: string) {
      options.jobs.drop(botScope(botId));
      attached.delete(botId);
      cache.forget(botId);
    },
    attachedBot: (botId: string) => attached.get(botId),
    /** A trigger fired: a new execution walks from the trigger node. */
    start(api: Api | undefined, graphs: BotGraphs, { updateId, ...input }: StartInput) {
      const execution = newExecution({ ...input, cause: updateId === undefined ? undefined : `update:${updateId}:${input.triggerNodeId}` });
      return walk(api ? walkDeps(api, graphs) : { ...walkDeps(undefined, graphs), recorder: undefined }, execution, [input.triggerNodeId]);
    },
    /**
     * A flow button was pressed: a new execution of that flow walks from the target node, carrying the variables
     * of the contact's latest execution there. Each press is its own walk: it gets the full step budget (a menu
     * that loops back on itself keeps answering) and never rewrites the steps of a walk still waiting on a delay.
     */
    async continueAt(api: Api, graphs: BotGraphs, { updateId, ...input }: Omit<StartInput, 'triggerNodeId'> & { nodeId: string }) {
      await recorder.flush();
      const previous = await store.latestExecution(sql, input.flowId, input.contactTelegramId, input.chatId);
      // The press keeps what the trigger saw (message.text, command.args, http.*), with the contact refreshed.
      const variables = previous ? { ...previous.variables, contact: input.variables.contact } : input.variables;
      const cause = updateId === undefined ? undefined : `update:${updateId}:${input.nodeId}`;
      return walk(walkDeps(api, graphs), newExecution({ ...input, variables, triggerNodeId: null, cause }), [input.nodeId]);
    },
    contactPhone: (botId: string, telegramId: number) => store.contactPhone(sql, botId, telegramId),
    /**
     * Contacts created or changed (a `flow.contact-event` job, or a console edit here): their contact triggers start.
     * Contacts run side by side (one batch holds each contact once, in its own chat); a failure is logged and costs
     * that contact only. `cause` (the job's id) gives each execution a stable id: a job run again starts the same one.
     */
    async contactsChanged(changes: ContactChange[], cause?: string) {
      await Promise.all(changes.map(async (change) => {
        const bot = attached.get(change.botId);
        if (!bot) return;
        try {
          const graphs = await cache.get(change.botId);
          for (const hit of contactTriggers(graphs, change)) {
            await walk(walkDeps(bot.api, graphs), newExecution({
              botId: change.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: change.telegramId,
              chatId: change.chat.id, variables: contactVariables(change, bot.username()),
              cause: cause === undefined ? undefined : `${cause}:${hit.node.id}`,
            }), [hit.node.id]);
          }
        } catch (error) {
          logger.error('falha ao disparar gatilho de contato', { botId: change.botId, error });
        }
      }));
    },
    /**
     * Whether a contact change may start a flow of its bot, answered at once from the graphs in memory (true when
     * they are not loaded: the job that carries the change decides with them loaded).
     */
    /** Loads the graphs of these bots if they are not in memory for the current flows (never a reload by age). */
    async knowGraphs(botIds: string[]): Promise<void> {
      await Promise.all(botIds.map((botId) => (cache.peek(botId) ? undefined : cache.get(botId).catch(() => undefined))));
    },
    mayStartOn(change: ContactChange): boolean {
      const graphs = cache.peek(change.botId);
      return graphs === undefined || contactTriggers(graphs, change).length > 0;
    },
    async stop() {
      await recorder.flush();
    },
    flush: () => recorder.flush(),
  };
}
