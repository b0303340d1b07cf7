/**
 * SIGTERM (docs/decisions.md#scale-out): within 10 s. Every kind of work stops being taken at once and in parallel:
 * no new connections (in-flight requests get HTTP_DRAIN_MS), polling ends and the bots' leases go back (another
 * instance polls them right away), the job worker claims nothing more and gives running jobs 8 s before releasing
 * them, broadcast loops end their claims. Only then the bots' remaining state is written.
 */
import type { Database } from './db/client.ts';
import type { Notifier } from './db/notify.ts';
import type { JobWorker } from './jobs/worker.ts';
import type { BroadcastEngine } from './engines/broadcast-delivery/engine.ts';
import type { EventHub } from './modules/events/hub.ts';
import type { PageviewWriter } from './modules/tracking/pageview-writer.ts';
import type { TrackingLimits } from './modules/tracking/shared-rate-limit.ts';
import type { BotManager } from './runtime/telegram/bots/bot-manager.ts';

/** How long a stop waits for in-flight requests before closing their connections. */
const HTTP_DRAIN_MS = 3_000;

export type StoppableParts = {
  app: { stop(): Promise<unknown>; server?: { stop(closeActiveConnections?: boolean): Promise<unknown> } | null | undefined };
  readiness: { stopping: boolean };
  sweeper: ReturnType<typeof setInterval>;
  events: EventHub;
  bots: BotManager;
  jobs: JobWorker;
  webhookJobs: JobWorker;
  broadcasts: BroadcastEngine;
  pageviews: PageviewWriter;
  trackingLimits: TrackingLimits;
  notifier: Notifier;
  /** The database the server opened itself (closed last); undefined when the caller passed one in. */
  db: Database | undefined;
};

/** The server's stop: runs once, whoever calls it again waits for nothing. */
export function stopServer(parts: StoppableParts): () => Promise<void> {
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    parts.readiness.stopping = true;
    clearInterval(parts.sweeper);
    parts.events.close();
    await Promise.all([parts.bots.stopPolling(), parts.jobs.stop(), parts.webhookJobs.stop(), parts.broadcasts.stop(), drainHttp(parts.app)]);
    await parts.bots.stopAll();
    // Page views answered are committed already; this writes the last batch of requests cut off by the drain.
    await parts.pageviews.close();
    await parts.trackingLimits.stop();
    await parts.notifier.close();
    await parts.db?.close();
  };
}

/**
 * A client that never finishes sending its body must not hold the shutdown (or a test's teardown) forever, so what
 * is still open after the drain is closed.
 */
async function drainHttp(app: StoppableParts['app']): Promise<void> {
  const drained = app.stop().then(() => true);
  const done = await Promise.race([drained, Bun.sleep(HTTP_DRAIN_MS).then(() => false)]);
  if (done) return;
  await app.server?.stop(true);
  await drained;
}
