/**
 * Every job kind this process runs, registered in one place beside the composition root
 * (docs/decisions.md#background-jobs): a reader finds here which background work exists and who does it. Registered
 * before the worker starts claiming; the flow engine's handlers come from the bot runtime, which owns the engine.
 */
import type { Sql } from './db/client.ts';
import type { Config } from './env.ts';
import type { JobWorker } from './jobs/worker.ts';
import type { Logger } from './lib/logger.ts';
import { botPurgeHandler, botPurgeJob } from './modules/bots/trash-purge.ts';
import { broadcastMaterialiseJob, materialiseHandler } from './modules/broadcasts/materialise.ts';
import { broadcastStartJob, scheduledStartHandler } from './modules/broadcasts/start.ts';
import { pixelDeliverJob } from './engines/pixel-delivery/deliver-job.ts';
import { pixelDeliveryHandler, type PixelDeliveryOptions } from './engines/pixel-delivery/delivery.ts';
import { pushSendJob, type PushSender } from './engines/push-delivery/sender.ts';
import { contactEventJob } from './runtime/flow-engine/contact-event-job.ts';
import { flowResumeJob } from './runtime/flow-engine/resume-job.ts';
import { configuredMailer } from './modules/auth/password-reset/mailer.ts';
import { passwordResetSendHandler, passwordResetSendJob } from './modules/auth/password-reset/send-job.ts';
import { accessEventHandler } from './modules/access/lifecycle/access-event-handler.ts';
import { accessEventJob } from './modules/access/lifecycle/access-event-job.ts';
import { accessRemovalHandler } from './modules/access/lifecycle/removal-handler.ts';
import { accessRemovalJob } from './modules/access/lifecycle/removal-job.ts';
import { accessSweepHandler, accessSweepJob, scheduleSweep } from './modules/access/lifecycle/expiry-sweep.ts';
import { challengeTimeoutHandler } from './modules/access/challenge-timeout.ts';
import { challengeTimeoutJob } from './modules/access/challenge-timeout-job.ts';
import { unpaidRemovalHandler, unpaidRemovalJob } from './modules/access/lifecycle/unpaid-removal.ts';
import { emailCodeHandler, emailCodeJob } from './modules/access/email-code-job.ts';
import { contactImportHandler } from './modules/contacts/import-job.ts';
import { contactImportJob } from './modules/contacts/import-job-kind.ts';
import type { BotManager } from './runtime/telegram/bots/bot-manager.ts';
import { webhookDeliverJob } from './modules/webhooks/deliver-job.ts';
import { webhookDeliveryHandler, type WebhookDeliveryOptions } from './modules/webhooks/delivery.ts';

export type JobHandlersDeps = {
  jobs: JobWorker;
  /** The outgoing webhooks' own worker (modules/webhooks/deliver-job.ts#WEBHOOK_WORKER). */
  webhookJobs: JobWorker;
  sql: Sql;
  logger: Logger;
  config: Config;
  push: PushSender;
  bots: BotManager;
  /** Tests only: shorter claim leases of broadcast materialisation and Conversions API batches. */
  broadcastLeaseMs?: number | undefined;
  pixelLeaseMs?: number | undefined;
  pixelRetry?: Pick<PixelDeliveryOptions, 'backoff' | 'maxAttempts'> | undefined;
  /** Tests only: a shorter backoff, retry window and turn of webhook deliveries. */
  webhookRetry?: Pick<WebhookDeliveryOptions, 'backoff' | 'retryWindowMs' | 'turnMs'> | undefined;
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
  // Password reset e-mails (docs/decisions.md#password-reset): a request queues one for an existing account.
  jobs.register(passwordResetSendJob, passwordResetSendHandler({ sql: deps.sql, mailer: configuredMailer(config) }));
  // The bots' trash (docs/decisions.md#bot-trash): a bot deleted 30 days ago is erased for good.
  jobs.register(botPurgeJob, botPurgeHandler());
  // Paid access (docs/decisions.md#paid-access): the minute sweep moves due accesses and queues the removals of the
  // ended ones; a removal runs where its bot runs, at the bot's pace.
  jobs.register(accessSweepJob, accessSweepHandler({ sql: deps.sql, logger: deps.logger.child({ component: 'access' }) }));
  jobs.register(accessRemovalJob, accessRemovalHandler({ sql: deps.sql, runtime: deps.bots }));
  // The join gate's human check: an unanswered puzzle's request is declined at its deadline.
  jobs.register(challengeTimeoutJob, challengeTimeoutHandler({ sql: deps.sql, runtime: deps.bots }));
  // Its events (payments, refunds, the end, the sweep's reminders) start the bot's "Acesso pago" flows where it runs.
  jobs.register(accessEventJob, accessEventHandler({ sql: deps.sql, logger: deps.logger.child({ component: 'access' }), runtime: deps.bots }));
  jobs.register(unpaidRemovalJob, unpaidRemovalHandler({ sql: deps.sql, runtime: deps.bots }));
  // Contacts import: a started file's lines, written in batches with the progress the console shows.
  jobs.register(contactImportJob, contactImportHandler({ sql: deps.sql }));
  jobs.register(emailCodeJob, emailCodeHandler({ sql: deps.sql, mailer: configuredMailer(config), hashKey: config.encryptionKey }));
  // Outgoing webhooks (docs/decisions.md#outgoing-webhooks): events queue webhook.deliver, one round per subscription,
  // on a worker of their own.
  deps.webhookJobs.register(webhookDeliverJob, webhookDeliveryHandler({
    sql: deps.sql, logger: deps.logger.child({ component: 'webhooks' }), encryptionKey: config.encryptionKey, allowPrivate: config.flowHttpAllowPrivate, ...deps.webhookRetry,
  }));
  void scheduleSweep(deps.sql).catch((error: unknown) => deps.logger.error('falha ao agendar a revisão de acessos', { error }));
}
