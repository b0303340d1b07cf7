/**
 * The route table of the real application, read from Elysia's `app.routes`, so the safety-net tests cover a route
 * the day it is added. The app is built over a database handle that is never queried (building it runs no SQL).
 */
import { createMediaStore } from '../modules/media/media-store.ts';
import { createApp } from '../app.ts';
import { connect } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import type { Tenant } from './tenant-scene.ts';

export type AppRoute = { method: string; path: string; key: string; params: string[] };

/** Not API routes: the SPA's files and the catch-alls that answer ROUTE_NOT_FOUND. Nothing to own, nothing to parse. */
export const NOT_ENDPOINTS: Record<string, string> = {
  'GET /api/*': 'catch-all: an unknown API path answers ROUTE_NOT_FOUND',
  'ALL /api/*': 'catch-all: an unknown API path answers ROUTE_NOT_FOUND',
  'GET /sw.js': 'static client file',
  'GET /*': 'static client (index.html of the SPA)',
};

/** The real application over a database handle that is never queried, for what needs no data (routes, static answers). */
export function unqueriedApp() {
  const unused = connect('postgres://unused@127.0.0.1:1/none', 1);
  const config = loadConfig({ PORT: '0', DATA_DIR: '/nonexistent', SKIP_CLIENT_BUILD: '1' });
  const app = createApp({ config, db: { sql: unused, mode: 'postgres', close: () => unused.end() }, logger: createLogger('error', () => {}), media: createMediaStore(unused, config.dataDir) });
  return { app, close: () => unused.end({ timeout: 0 }) };
}

export function appRoutes(): AppRoute[] {
  const { app, close } = unqueriedApp();
  void close();
  return app.routes
    .map((route) => ({
      method: route.method,
      path: route.path,
      key: `${route.method} ${route.path}`,
      params: [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
    }))
    .filter((route) => !(route.key in NOT_ENDPOINTS));
}

/**
 * Which resource a path parameter names: `:id` by the segment before it (`/bots/:id` is a bot), other names by
 * themselves. A route with a parameter missing here fails the tests: add the resource kind to the tenant scene
 * and one line here.
 */
export const PARAM_RESOURCES: Record<string, keyof Tenant> = {
  'bots/:id': 'botId',
  'trash/:id': 'botId',
  'channels/:id': 'channelId',
  'flows/:id': 'flowId',
  'nodes/:id': 'nodeId',
  'connections/:id': 'connectionId',
  'flows/messages/:id': 'messageId',
  'messages/:id': 'inboxMessageId',
  'conversations/:id': 'contactId',
  'contact/:id': 'contactId',
  'media/:id': 'mediaId',
  'contacts/:id': 'contactId',
  'imports/:id': 'contactImportId',
  'broadcasts/:id': 'broadcastId',
  'funnels/:id': 'funnelId',
  'js/:file': 'funnelScript',
  't/:uuid': 'funnelUuid',
  'pixels/:id': 'pixelId',
  'quick-replies/:id': 'quickReplyId',
  'api-keys/:id': 'apiKeyId',
  'labels/:id': 'labelId',
  'plans/:id': 'accessPlanId',
  'access/members/:id': 'accessMemberId',
  'members/:id': 'accessMemberId',
  'webhooks/:id': 'accessWebhookId',
  'api/webhooks/:id': 'webhookId',
  ':deliveryId': 'webhookDeliveryId',
  ':gateway': 'accessGateway',
  'bot/:id': 'botId',
  ':channelId': 'channelId',
  ':executionId': 'executionId',
  ':botId': 'botId',
  'members/:userId': 'userId',
  'invitations/:token': 'invitationToken',
};

/** Routes whose param names another resource than its place says (one path position serves two routes). */
const ROUTE_PARAM_RESOURCES: Record<string, Record<string, keyof Tenant>> = {
  // The public purchase webhook shares `/access/webhooks/:id` with the log's reprocess: here `:id` is the plan.
  'POST /api/access/webhooks/:id/:gateway': { id: 'accessPlanId' },
};

export function paramResource(route: AppRoute, param: string): keyof Tenant | undefined {
  const own = ROUTE_PARAM_RESOURCES[route.key]?.[param];
  if (own) return own;
  const segments = route.path.split('/');
  const at = segments.indexOf(`:${param}`);
  const [parent, before] = [segments[at - 2], segments[at - 1]];
  // The longest key wins: `flows/messages/:id` (a flow message) before `messages/:id` (an inbox message).
  return PARAM_RESOURCES[`${parent}/${before}/:${param}`] ?? PARAM_RESOURCES[`${before}/:${param}`] ?? PARAM_RESOURCES[`:${param}`];
}

/** Params without a resource, as a message naming the route; empty when every param is known. */
export function unknownParams(routes: AppRoute[]): string[] {
  return routes.flatMap((route) =>
    route.params
      .filter((param) => !paramResource(route, param))
      .map((param) => `${route.key}: no resource for :${param} — add it to PARAM_RESOURCES (test-support/app-routes.ts)`),
  );
}

/** The path with every param replaced by the tenant's id of that kind (or by `override`). */
export function pathFor(route: AppRoute, tenant: Tenant, override: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, param: string) => {
    const value = override[param] ?? tenant[paramResource(route, param) ?? 'userId'];
    return encodeURIComponent(String(value));
  });
}
