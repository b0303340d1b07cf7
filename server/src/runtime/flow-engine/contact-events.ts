/**
 * Contact events as `flow.contact-event` jobs (docs/decisions.md#scale-out, contact-event-job.ts): the journal's
 * flush persists the changes that may start a flow in its own transaction; an instance that does not run the bot
 * forwards a console edit or a funnel entry; the bot's owner runs the job and starts the contact triggers.
 */
import type { Queryable } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AttachedBot } from './attached-bots.ts';
import { contactEventJob, STALE_MS, type ContactEvent } from './contact-event-job.ts';
import { contactTriggers, type ContactChange } from './contact-triggers.ts';
import type { GraphCache } from './graph-cache.ts';
import { botScope } from './resume-job.ts';

export type ContactEventsDeps = {
  cache: GraphCache;
  logger: Logger;
  jobs: JobWorker;
  attachedBot(botId: string): AttachedBot | undefined;
  contactsChanged(changes: ContactChange[], cause?: string): Promise<void>;
};

const ATTEMPTS = 3;

export function createContactEvents(deps: ContactEventsDeps) {
  const { cache } = deps;
  /**
   * Whether a contact change may start a flow of its bot, answered at once from the graphs in memory (true when
   * they are not loaded: the job that carries the change decides with them loaded).
   */
  const mayStartOn = (change: ContactChange): boolean => {
    const graphs = cache.peek(change.botId);
    return graphs === undefined || contactTriggers(graphs, change).length > 0;
  };
  const handler: JobHandler<typeof contactEventJob.payload> = {
    run: async ({ at, change }, { job }) => {
      if (Date.now() - Date.parse(at) > STALE_MS) {
        deps.logger.warn('evento de contato antigo descartado', { botId: change.botId });
        return;
      }
      if (!deps.attachedBot(change.botId)) return 'release';
      await deps.contactsChanged([{ ...change, created: change.created ?? false }], `contact-event:${job.id}`);
    },
  };
  return {
    handler,
    /** The journal's contact triggers: this process runs a job at once when it owns the bot, another owner after a kill. */
    journalTriggers: {
      /** Loads the graphs of these bots if they are not in memory for the current flows (never a reload by age). */
      async prepare(botIds: string[]): Promise<void> {
        await Promise.all(botIds.map((botId) => (cache.peek(botId) ? undefined : cache.get(botId).catch(() => undefined))));
      },
      persist(tx: Queryable, changes: ContactChange[]): Promise<number> {
        const at = new Date().toISOString();
        const kept = changes.filter(mayStartOn);
        return contactEventJob.enqueueMany(tx, kept.map((change) => ({ payload: { at, change }, options: { scope: botScope(change.botId), maxAttempts: ATTEMPTS } })));
      },
      committed: () => void deps.jobs.poke(),
    },
    /** A contact event for a bot this process does not run: a job its owner claims. */
    forward: (sql: Queryable, change: ContactEvent['change']) =>
      contactEventJob.enqueue(sql, { at: new Date().toISOString(), change }, { scope: botScope(change.botId), maxAttempts: ATTEMPTS }),
  };
}
