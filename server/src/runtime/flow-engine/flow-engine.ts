/**
 * The flow engine of the bot runtime (docs/decisions.md#d-flow-engine): one per process, shared by every running bot.
 * It holds the graph cache and the write-behind recorder. The runtime hands it every update (`onUpdate`: which flows
 * fire is the engine's business), attaches a bot's Api when the bot starts, and the composition root registers its
 * job handlers: a durable delay is a `flow.resume` job, a contact event a `flow.contact-event` job
 * (docs/decisions.md#background-jobs).
 */
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import { accessStarts } from './access-triggers.ts';
import { createAttachedBots } from './attached-bots.ts';
import { createContactEvents } from './contact-events.ts';
import { contactStarts } from './contact-starts.ts';
import { delayResumeHandler } from './delay-resume.ts';
import * as store from './engine-repository.ts';
import type { FlowGeneration } from './flow-generation.ts';
import { createFlowRuns } from './flow-runs.ts';
import { createGraphCache } from './graph-cache.ts';
import { createMediaInputs } from './media-input.ts';
import { createRecorder } from './recorder.ts';
import { createUpdateTriggers } from './update-triggers.ts';
import { walkDepsFactory } from './walk-deps.ts';

export type FlowEngineOptions = {
  sql: Sql;
  logger: Logger;
  allowPrivateHttp: boolean;
  /** The job queue's worker: a running bot holds its job scope on it. */
  jobs: JobWorker;
  media?: MediaStore | undefined;
  /** Bumped by every API write: cached graphs older than it are reloaded. */
  generation: FlowGeneration;
};

export type FlowEngine = ReturnType<typeof createFlowEngine>;

export function createFlowEngine(options: FlowEngineOptions) {
  const { sql, logger } = options;
  const cache = createGraphCache(sql, options.generation);
  const recorder = createRecorder(sql, logger);
  const bots = createAttachedBots(options.jobs, cache);
  const walkDeps = walkDepsFactory({ sql, recorder, media: createMediaInputs(options.media), allowPrivateHttp: options.allowPrivateHttp });
  const runs = createFlowRuns({ sql, recorder, walkDeps });
  const graphs = (botId: string) => cache.get(botId);
  const contactPhone = (botId: string, telegramId: number) => store.contactPhone(sql, botId, telegramId);
  const contactsChanged = contactStarts({ cache, logger, attachedBot: bots.get, walkDeps });
  const events = createContactEvents({ cache, logger, jobs: options.jobs, attachedBot: bots.get, contactsChanged });
  return {
    graphs,
    attach: bots.attach,
    detach: bots.detach,
    attachedBot: bots.get,
    start: runs.start,
    continueAt: runs.continueAt,
    /** An update reached a running bot: the flows it fires run (update-triggers.ts). */
    onUpdate: createUpdateTriggers({ graphs, contactPhone, recorder, ...runs }),
    contactsChanged,
    /** An access event's "Acesso pago" triggers, when the bot runs here (access-triggers.ts). */
    accessEvent: accessStarts({ cache, logger, attachedBot: bots.get, walkDeps }),
    /** Contact changes the journal stores become flow.contact-event jobs in its transaction (contact-events.ts). */
    journalTriggers: events.journalTriggers,
    forwardContactEvent: events.forward,
    /** Registered by the composition root (server/src/job-handlers.ts). */
    jobHandlers: {
      resume: delayResumeHandler({ sql, cache, recorder, attachedBot: bots.get, walkDeps }),
      contactEvent: events.handler,
    },
    async stop() {
      await recorder.flush();
    },
    flush: () => recorder.flush(),
  };
}
