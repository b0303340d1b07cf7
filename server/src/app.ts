/**
 * The HTTP application, built from its dependencies so tests can run it on port 0 or through app.handle().
 * Route order matters: the API group ends with its own catch-all 404, so an unknown /api path is JSON and never
 * falls through to the SPA's index.html.
 */
import { Elysia } from 'elysia';
import type { Config } from './env.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './lib/logger.ts';
import { AppError } from './lib/errors.ts';
import { errorHandler } from './http/error-handler.ts';
import { hostGate } from './http/host-gate.ts';
import { pathOf } from './lib/request-path.ts';
import { cappedBodies, storableParams } from './http/request-input.ts';
import { compression } from './http/compression.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticClient } from './http/static-client.ts';
import { createAccessTokens, type AccessTokens } from './modules/auth/access-token.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createApiKeyAuth } from './modules/api-keys/authenticator.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { findAccount } from './modules/auth/service.ts';
import { teamRoutes, workspaceRoutes } from './modules/team/routes.ts';
import { workspaceLifeRoutes } from './modules/team/workspace-routes.ts';
import { configuredMailer } from './modules/auth/password-reset/mailer.ts';
import { passwordResetRoutes } from './modules/auth/password-reset/routes.ts';
import { healthRoutes, type Readiness } from './modules/health/routes.ts';
import { botRoutes, channelRoutes } from './modules/bots/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { contactDataRoutes } from './modules/contacts/data-routes.ts';
import { labelRoutes } from './modules/labels/routes.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { rejectionCounter } from './modules/access/webhooks/rejection-counter.ts';
import { accessWebhookRoutes } from './modules/access/webhooks/routes.ts';
import { pixelOutbox } from './engines/pixel-delivery/outbox.ts';
import { accountExportRoutes } from './modules/account-export/routes.ts';
import { broadcastRoutes } from './modules/broadcasts/routes.ts';
import { flowRoutes } from './modules/flows/routes.ts';
import { flowAnalyticsRoutes } from './modules/flow-analytics/routes.ts';
import type { MediaStore } from './ports/media-store.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { telegramWebhookRoutes } from './modules/webhook/routes.ts';
import { welcomeRoutes } from './modules/welcome/routes.ts';
import { announceSyncTo } from './modules/sync/announce.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { noteRoutes } from './modules/notes/routes.ts';
import { quickReplyRoutes } from './modules/quick-replies/routes.ts';
import { silentAnnouncer, type InboxAnnouncer } from './modules/messages/announcer.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { pixelRoutes } from './modules/pixels/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import type { EventHub } from './modules/events/hub.ts';
import { idleRuntime, type BotRuntime } from './ports/bot-runtime.ts';
import { funnelRoutes } from './modules/funnels/routes.ts';
import type { FunnelActivity } from './modules/funnels/live-activity.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { apiDocsRoutes } from './modules/api-docs/routes.ts';
import { createFunnelDirectory } from './modules/tracking/funnel-directory.ts';
import { createPageviewWriter, type PageviewWriter } from './modules/tracking/pageview-writer.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import type { TrackingLimits } from './modules/tracking/shared-rate-limit.ts';
import type { Notifier } from './db/notify.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  /** The bot runtime (startServer passes the real one); without it bots are stored but never run. */
  runtime?: BotRuntime;
  /** Uploaded files (DATA_DIR/media), shared with the bot runtime that sends them. */
  media: MediaStore;
  /** Directory of the built client; defaults to client/dist at the repository root. */
  clientDistDir?: string;
  /** Inbox announcements (live events and web push); silent without one. */
  announce?: InboxAnnouncer;
  /** Open live event streams (GET /api/events); the route exists only with a hub. */
  events?: EventHub;
  /** Batched page-view writes (modules/tracking); startServer passes one it closes after the HTTP drain. */
  pageviews?: PageviewWriter;
  /** GET /api/ready answers 503 once the server is stopping (docs/decisions.md#scale-out). */
  readiness?: Readiness;
  /** The tracking rate limits; startServer passes ones shared across instances (docs/decisions.md#funnel-tracking). */
  trackingLimits?: Pick<TrackingLimits, 'views' | 'clicks'>;
  /** Funnel visits and clicks told to the owner's live screens (startServer passes the throttled notifier). */
  funnelActivity?: FunnelActivity;
  /** Changes announced by the other instances (the tracking directory drops funnels changed there). */
  peers?: Pick<Notifier, 'subscribe' | 'publish'>;
};

/**
 * The public tracking calls and the gateways' purchase webhooks: many, and never a change to what flows do (no
 * flowsChanged bump, which would make every bot reload its graphs and every instance hear of it).
 */
const isPublicIntake = (request: Request) => {
  const path = pathOf(request.url);
  return path.startsWith('/api/t/') || path.startsWith('/api/access/webhooks/');
};

export const DEFAULT_CLIENT_DIST = new URL('../../client/dist', import.meta.url).pathname;

export function createApp(deps: AppDeps) {
  const sql = deps.db.sql;
  const accessTokens: AccessTokens = {
    ...createAccessTokens(deps.config.jwtSecret, (userId, sessionId, workspaceId) => findAccount(sql, userId, sessionId, workspaceId)),
    apiKeys: createApiKeyAuth(sql, { requestsPerMinute: deps.config.apiKeyRequestsPerMinute, trustProxy: deps.config.trustProxy }),
  };
  const team = { sql, accessTokens, publicUrl: deps.config.publicUrl, trustProxy: deps.config.trustProxy, ...(deps.peers ? { publish: (topic: string, payload: Record<string, unknown>) => deps.peers?.publish(topic, payload) ?? Promise.resolve() } : {}) };
  const runtime = deps.runtime ?? idleRuntime;
  const inbox = { sql, runtime, announce: deps.announce ?? silentAnnouncer };
  const botDeps = { sql, accessTokens, runtime, encryptionKey: deps.config.encryptionKey, inbox, trustProxy: deps.config.trustProxy };
  const directory = createFunnelDirectory(sql, { peers: deps.peers });
  const tracking = {
    sql, runtime, logger: deps.logger.child({ component: 'tracking' }), directory, trustProxy: deps.config.trustProxy,
    publicUrl: deps.config.publicUrl, pageviews: deps.pageviews ?? createPageviewWriter(sql), activity: deps.funnelActivity,
    ...(deps.trackingLimits ? { limits: deps.trackingLimits } : {}),
  };
  const api = new Elysia({ prefix: '/api' })
    .use(healthRoutes({ sql, ...(deps.readiness ? { readiness: deps.readiness } : {}) }))
    .use(authRoutes({
      sql, accessTokens, encryptionKey: deps.config.encryptionKey, trustProxy: deps.config.trustProxy, registrationsPerAddress: deps.config.registrationsPerAddress,
    }))
    .use(workspaceRoutes(team))
    // One group: the app's chain is near the depth TypeScript follows.
    .use(new Elysia().use(teamRoutes(team)).use(apiKeyRoutes({ sql, accessTokens, trustProxy: deps.config.trustProxy })))
    .use(workspaceLifeRoutes({ ...team, runtime, media: deps.media, logger: deps.logger.child({ component: 'team' }) }))
    .use(passwordResetRoutes({ sql, ...passwordResetOptions(deps) }))
    .use(accountRoutes({ sql, accessTokens, runtime, media: deps.media, logger: deps.logger.child({ component: 'account' }), peers: deps.peers }))
    .use(telegramWebhookRoutes({ runtime }))
    .use(botRoutes(botDeps))
    .use(channelRoutes(botDeps))
    .use(welcomeRoutes({ sql, accessTokens, runtime }))
    .use(flowAnalyticsRoutes({ sql, accessTokens, runtime }))
    .use(flowRoutes({ sql, accessTokens, runtime, trustProxy: deps.config.trustProxy }))
    .use(contactRoutes({ sql, accessTokens, runtime, trustProxy: deps.config.trustProxy }))
    .use(labelRoutes({ sql, accessTokens, announceSync: announceSyncTo(deps.peers, deps.logger) }))
    .use(privacyRoutes(deps, accessTokens))
    .use(broadcastRoutes({ sql, accessTokens, trustProxy: deps.config.trustProxy }))
    .use(funnelRoutes({
      sql, runtime, accessTokens, logger: deps.logger.child({ component: 'funnels' }), publicUrl: deps.config.publicUrl,
      funnelChanged: (publicId) => directory.forget(publicId),
    }))
    .use(trackingRoutes(tracking))
    .use(paidAccessRoutes(deps, accessTokens, runtime))
    .use(dashboardRoutes({ sql, accessTokens }))
    .use(messageRoutes({ ...inbox, accessTokens }))
    .use(noteRoutes({ ...inbox, accessTokens }))
    .use(quickReplyRoutes({ sql, accessTokens, announceSync: announceSyncTo(deps.peers, deps.logger) }))
    .use(mediaRoutes({ accessTokens, media: deps.media }))
    .use(syncRoutes({ ...botDeps, logger: deps.logger, announceSync: announceSyncTo(deps.peers, deps.logger) }))
    .use(pushRoutes({ sql, accessTokens, encryptionKey: deps.config.encryptionKey, allowLoopback: deps.config.pushAllowLoopback }))
    .use(outboundRoutes(deps, accessTokens))
    .use(deps.events ? eventRoutes({ accessTokens, hub: deps.events }) : new Elysia())
    // GET needs its own catch-all: Elysia matches method-specific routes (the SPA's GET /*) before ALL.
    .get('/*', routeNotFound)
    .all('/*', routeNotFound);
  return new Elysia()
    // Any API write may change what a bot's flows do (graph, toggle, bot state): the engine reloads lazily. Bumped
    // once the handler (and its commit) is done but BEFORE the answer leaves, so an update the caller triggers right
    // after the answer already sees the change (after the response it raced the next update).
    .onAfterHandle(({ request }) => {
      if (request.method !== 'GET' && !isPublicIntake(request)) runtime.flowsChanged();
    })
    .use(hostGate())
    .use(errorHandler(deps.logger))
    .use(securityHeaders({ publicUrl: deps.config.publicUrl }))
    .use(compression())
    .use(cappedBodies())
    .use(storableParams())
    .use(apiDocsRoutes())
    .use(api)
    .use(staticClient(deps.clientDistDir ?? DEFAULT_CLIENT_DIST));
}

const passwordResetOptions = ({ config, logger }: AppDeps) => ({
  trustProxy: config.trustProxy, publicUrl: config.publicUrl, logger: logger.child({ component: 'password-reset' }), mailer: configuredMailer(config),
});

/** A contact's and the account's data on request (LGPD), each action with its audit line. */
function privacyRoutes(deps: AppDeps, accessTokens: AccessTokens) {
  const shared = {
    sql: deps.db.sql, accessTokens, trustProxy: deps.config.trustProxy, logger: deps.logger.child({ component: 'privacy' }),
    announceSync: announceSyncTo(deps.peers, deps.logger),
  };
  return new Elysia().use(contactDataRoutes(shared)).use(accountExportRoutes(shared));
}

/** What the server sends out to the operator's other tools: Meta pixels, outgoing webhooks. */
function outboundRoutes(deps: AppDeps, accessTokens: AccessTokens) {
  const { config } = deps;
  const shared = { sql: deps.db.sql, accessTokens, encryptionKey: config.encryptionKey, trustProxy: config.trustProxy };
  return new Elysia()
    .use(pixelRoutes({ ...shared, graphUrl: config.metaGraphUrl, graphVersion: config.metaGraphVersion }))
    .use(webhookRoutes({ ...shared, allowPrivate: config.flowHttpAllowPrivate }));
}

/** Paid access: plans and accesses, and the purchase webhooks (public) with their log. */
function paidAccessRoutes(deps: AppDeps, accessTokens: AccessTokens, runtime: BotRuntime) {
  const shared = { sql: deps.db.sql, accessTokens, encryptionKey: deps.config.encryptionKey };
  return new Elysia()
    .use(accessRoutes({ ...shared, runtime, publicUrl: deps.config.publicUrl, trustProxy: deps.config.trustProxy }))
    .use(accessWebhookRoutes({ ...shared, pixelOutbox, rejections: rejectionCounter(deps.db.sql, deps.logger.child({ component: 'access-webhooks' })) }));
}

const routeNotFound = (): never => {
  throw new AppError('ROUTE_NOT_FOUND', 404);
};

export type App = ReturnType<typeof createApp>;
