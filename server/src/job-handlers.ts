/**
 * Every job kind this process runs, registered in one place beside the composition root
 * (docs/decisions.md#background-jobs): a reader finds here which background work exists and who does it. Registered
 * before the worker starts claiming; the flow engine's handlers come from the bot runtime, which owns the engine.
 */
import type { Sql } from './db/client.ts';
import type { Config } from './env.ts';
import type { JobWorker } from './jobs/worker.ts';
import type { Logger } from './lib/logger.ts';
import { broadcastMaterialiseJob, materialiseHandler } from './modules/broadcasts/materialise.ts';
import { broadcastStartJob, scheduledStartHandler } from './modules/broadcasts/start.ts';
import { pixelDeliverJob } from './engines/pixel-delivery/deliver-job.ts';
import { pixelDeliveryHandler, type PixelDeliveryOptions } from './engines/pixel-delivery/delivery.ts';
import { pushSendJob, type PushSender } from './engines/push-delivery/sender.ts';
import { contactEventJob } from './runtime/flow-engine/contact-event-job.ts';
import { flowResumeJob } from './runtime/flow-engine/resume-job.ts';
import type { BotManager } from './runtime/telegram/bots/bot-manager.ts';

export type JobHandlersDeps = {
  jobs: JobWorker;
  sql: Sql;
  logger: Logger;
  config: Config;
  push: PushSender;
  bots: BotManager;
  /** Tests only: shorter claim leases of broadcast materialisation and Conversions API batches. */
  broadcastLeaseMs?: number | undefined;
  pixelLeaseMs?: number | undefined;
  pixelRetry?: Pick<PixelDeliveryOptions, 'backoff' | 'maxAttempts'> | undefined;
};

export function registerJobHandlers(deps: JobHandlersDeps): void {
  const { jobs, config } = deps;
  // Web push (docs/decisions.md#web-push): incoming messages enqueue push.send jobs.
  jobs.register(pushSendJob, deps.push.handler);
  // Broadcasts (docs/decisions.md#broadcast-delivery): a scheduled one starts when due; a sent one's audience is written
  // in the background.
  jobs.register(broadcastStartJob, scheduledStartHandler());
  jobs.register(broadcastMaterialiseJob, materialiseHandler({ sql: deps.sql, ...(deps.broadcastLeaseMs === undefined ? {} : { leaseMs: deps.broadcastLeaseMs }) }));
  // The Conversions API outbox (docs/decisions.md#pixel-outbox): funnel joins and leaves enqueue pixel.deliver.
  jobs.register(pixelDeliverJob, pixelDeliveryHandler({
    sql: deps.sql, logger: deps.logger.child({ component: 'pixels' }), encryptionKey: config.encryptionKey,
    graphUrl: config.metaGraphUrl, graphVersion: config.metaGraphVersion,
    ...(deps.pixelLeaseMs === undefined ? {} : { leaseMs: deps.pixelLeaseMs }),
    ...deps.pixelRetry,
  }));
  // The flow engine (docs/decisions.md#d-flow-engine): durable delays, and contact events that start flows in the
  // bot's owner (docs/decisions.md#scale-out). Both are scoped to their bot: only the process running it claims them.
  jobs.register(flowResumeJob, deps.bots.jobHandlers.resume);
  jobs.register(contactEventJob, deps.bots.jobHandlers.contactEvent);
}
