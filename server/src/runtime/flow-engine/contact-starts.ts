/**
 * Contacts created or changed start their bot's contact triggers (docs/decisions.md#p-flows): a `flow.contact-event`
 * job (docs/decisions.md#scale-out), or a console edit in the bot's owner. Contacts run side by side (one batch holds
 * each contact once, in its own chat); a failure is logged and costs that contact only.
 */
import type { Queryable } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AttachedBot } from './attached-bots.ts';
import { contactEventJob, STALE_MS, type ContactEvent } from './contact-event-job.ts';
import { contactTriggers, contactVariables, type ContactChange } from './contact-triggers.ts';
import { newExecution } from './execution.ts';
import type { GraphCache } from './graph-cache.ts';
import { botScope } from './resume-job.ts';
import { walk } from './walk.ts';
import type { WalkDepsFor } from './walk-deps.ts';

export type ContactStartsDeps = {
  cache: GraphCache;
  logger: Logger;
  jobs: JobWorker;
  attachedBot(botId: string): AttachedBot | undefined;
  walkDeps: WalkDepsFor;
};

export function createContactStarts(deps: ContactStartsDeps) {
  const { cache, logger } = deps;

  /** `cause` (the job's id) gives each execution a stable id: a job run again starts the same one. */
  async function contactsChanged(changes: ContactChange[], cause?: string) {
    await Promise.all(changes.map(async (change) => {
      const bot = deps.attachedBot(change.botId);
      if (!bot) return;
      try {
        const graphs = await cache.get(change.botId);
        for (const hit of contactTriggers(graphs, change)) {
          await walk(deps.walkDeps(bot.api, graphs), newExecution({
            botId: change.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: change.telegramId,
            chatId: change.chat.id, variables: contactVariables(change, bot.username()),
            cause: cause === undefined ? undefined : `${cause}:${hit.node.id}`,
          }), [hit.node.id]);
        }
      } catch (error) {
        logger.error('falha ao disparar gatilho de contato', { botId: change.botId, error });
      }
    }));
  }

  /** Contact events forwarded by instances that do not run the bot, or written by the journal's flush. */
  const contactEventHandler: JobHandler<typeof contactEventJob.payload> = {
    run: async ({ at, change }, { job }) => {
      if (Date.now() - Date.parse(at) > STALE_MS) {
        logger.warn('evento de contato antigo descartado', { botId: change.botId });
        return;
      }
      if (!deps.attachedBot(change.botId)) return 'release';
      await contactsChanged([{ ...change, created: change.created ?? false }], `contact-event:${job.id}`);
    },
  };

  /**
   * Whether a contact change may start a flow of its bot, answered at once from the graphs in memory (true when
   * they are not loaded: the job that carries the change decides with them loaded).
   */
  const mayStartOn = (change: ContactChange): boolean => {
    const graphs = cache.peek(change.botId);
    return graphs === undefined || contactTriggers(graphs, change).length > 0;
  };

  /**
   * The journal's contact triggers: a change that may start a flow becomes a job in the flush's transaction; this
   * process runs it at once when it owns the bot (the job is scoped to it), another owner after a kill.
   */
  const journalTriggers = {
    /** Loads the graphs of these bots if they are not in memory for the current flows (never a reload by age). */
    async prepare(botIds: string[]): Promise<void> {
      await Promise.all(botIds.map((botId) => (cache.peek(botId) ? undefined : cache.get(botId).catch(() => undefined))));
    },
    persist(tx: Queryable, changes: ContactChange[]): Promise<number> {
      const at = new Date().toISOString();
      const kept = changes.filter(mayStartOn);
      return contactEventJob.enqueueMany(tx, kept.map((change) => ({ payload: { at, change }, options: { scope: botScope(change.botId), maxAttempts: 3 } })));
    },
    committed: () => void deps.jobs.poke(),
  };

  return {
    contactsChanged,
    contactEventHandler,
    journalTriggers,
    /** A contact event for a bot this process does not run: a job its owner claims (docs/decisions.md#scale-out). */
    forward: (sql: Queryable, change: ContactEvent['change']) =>
      contactEventJob.enqueue(sql, { at: new Date().toISOString(), change }, { scope: botScope(change.botId), maxAttempts: 3 }),
  };
}
