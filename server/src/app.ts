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
import { staticClient } from './http/static-client.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { botRoutes } from './modules/bots/routes.ts';
import { flowRoutes } from './modules/flows/routes.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  /** Directory of the built client; defaults to client/dist at the repository root. */
  clientDistDir?: string;
};

export const DEFAULT_CLIENT_DIST = new URL('../../client/dist', import.meta.url).pathname;

export function createApp(deps: AppDeps) {
  const accessTokens = createAccessTokens(deps.config.jwtSecret);
  const sql = deps.db.sql;
  const api = new Elysia({ prefix: '/api' })
    .use(healthRoutes({ sql }))
    .use(authRoutes({ sql, accessTokens }))
    .use(botRoutes({ sql, accessTokens }))
    .use(flowRoutes({ sql, accessTokens }))
    // GET needs its own catch-all: Elysia matches method-specific routes (the SPA's GET /*) before ALL.
    .get('/*', routeNotFound)
    .all('/*', routeNotFound);
  return new Elysia()
    .use(errorHandler(deps.logger))
    .use(api)
    .use(staticClient(deps.clientDistDir ?? DEFAULT_CLIENT_DIST));
}

const routeNotFound = (): never => {
  throw new AppError('ROUTE_NOT_FOUND', 404);
};

export type App = ReturnType<typeof createApp>;
