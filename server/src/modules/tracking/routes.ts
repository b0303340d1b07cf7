/**
 * The public tracking surface (docs/decisions.md#funnel-tracking): the script and the two calls it makes. No
 * authentication; every answer, refusals included, is CORS-open (`*`: any landing page, no credentials) and built
 * here, so a hostile request meets the same small set of answers: 204/200, or the pt-BR envelope with 400, 404, 413
 * or 429. Bodies are read here under TRACKING_LIMITS.bodyMax (http/request-input.ts leaves `/api/t/` to us).
 */
import { Elysia } from 'elysia';
import type { Server } from 'bun';
import { TRACKING_LIMITS, trackClickInputSchema, trackPageviewInputSchema } from '@shared/funnels/tracking.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { clientAddress } from '../../http/client-address.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';
import { failureBody, jsonResponse } from '../../http/envelope.ts';
import { readLimited } from '../../http/request-input.ts';
import { parseInput } from '../../http/validate.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pathOf } from '../../lib/request-path.ts';
import type { FunnelDirectory, TrackedFunnel } from './funnel-directory.ts';
import type { RateLimiter } from './rate-limit.ts';
import { createTrackingLimits, type TrackingLimits } from './shared-rate-limit.ts';
import { trackingScript } from './script.ts';
import { recordClick, recordPageview, type Caller, type TrackingDeps } from './service.ts';

export type TrackingRouteDeps = TrackingDeps & {
  directory: FunnelDirectory;
  trustProxy: boolean;
  publicUrl: string | undefined;
  /**
   * Per address: page views and script loads share one bucket, clicks (which mint invite links) have their own.
   * startServer passes limits shared across instances; without them this app's own.
   */
  limits?: Pick<TrackingLimits, 'views' | 'clicks'>;
};

const CORS = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };
const RATE_LIMITED = 'Muitas requisições. Tente novamente em instantes.';
const SCRIPT_MAX_AGE_SECONDS = 300;

type Context = { request: Request; server: Server<unknown> | null };

function failure(error: unknown, deps: TrackingRouteDeps, request: Request): Response {
  const appError = error instanceof AppError ? error : undefined;
  if (appError) return jsonResponse(appError.status, failureBody(appError.code, appError.message, appError.details), { ...CORS, ...appError.headers });
  if (isDatabaseUnavailable(error)) {
    return jsonResponse(503, failureBody('DATABASE_UNAVAILABLE'), { ...CORS, 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  deps.logger.error('falha no rastreamento de funil', { path: pathOf(request.url), error });
  return jsonResponse(500, failureBody('INTERNAL_ERROR'), CORS);
}

/** The full address for the Conversions API (client-address.ts folds IPv6 to its /64 for rate limits). */
function callerOf(context: Context, trustProxy: boolean): Caller {
  const forwarded = trustProxy ? context.request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  const raw = forwarded && /^[0-9a-fA-F:.]{2,45}$/.test(forwarded) ? forwarded : context.server?.requestIP(context.request)?.address;
  const ip = raw ? raw.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1') : null;
  return { ip, userAgent: context.request.headers.get('user-agent') };
}

export function trackingRoutes(deps: TrackingRouteDeps) {
  const { views, clicks } = deps.limits ?? createTrackingLimits();

  function limit(limiter: RateLimiter, context: Context) {
    const verdict = limiter.take(clientAddress(context.request, context.server, deps.trustProxy));
    if (!verdict.ok) throw new AppError('TOO_MANY_ATTEMPTS', 429, RATE_LIMITED, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
  }

  async function funnelOf(publicId: string): Promise<TrackedFunnel> {
    const funnel = isUuid(publicId) ? await deps.directory.find(publicId.toLowerCase()) : undefined;
    if (!funnel) throw notFound();
    return funnel;
  }

  const guarded = (work: (context: Context) => Promise<Response>) => async (context: Context) => {
    try {
      return await work(context);
    } catch (error) {
      return failure(error, deps, context.request);
    }
  };

  // Never the request's Host: the script is cached publicly (script.ts ScriptConfig.endpoint).
  const origin = deps.publicUrl ? deps.publicUrl.replace(/\/+$/, '') : '';

  return new Elysia()
    .get('/js/:file', guarded(async (context) => {
      limit(views, context);
      const file = pathOf(context.request.url).split('/').at(-1) ?? '';
      const funnel = await funnelOf(file.endsWith('.js') ? file.slice(0, -3) : '');
      return scriptResponse(context.request, funnel, origin);
    }))
    .options('/t/:uuid/pageview', preflight)
    .options('/t/:uuid/click', preflight)
    .post('/t/:uuid/pageview', guarded(async (context) => {
      limit(views, context);
      const input = parseInput(trackPageviewInputSchema, await bodyOf(context.request));
      const funnel = await funnelOf(publicIdOf(context.request));
      await recordPageview(deps, funnel, input, callerOf(context, deps.trustProxy));
      return new Response(null, { status: 204, headers: CORS });
    }))
    .post('/t/:uuid/click', guarded(async (context) => {
      limit(clicks, context);
      const input = parseInput(trackClickInputSchema, await bodyOf(context.request));
      const funnel = await funnelOf(publicIdOf(context.request));
      const link = await recordClick(deps, funnel, input, callerOf(context, deps.trustProxy));
      return jsonResponse(200, { link }, CORS);
    }));
}

/** The funnel's tracking script, cached by the browser and revalidated by its ETag (a match answers 304). */
function scriptResponse(request: Request, funnel: TrackedFunnel, origin: string): Response {
  const body = trackingScript({
    endpoint: `${origin}/api/t/${funnel.publicId}`,
    link: funnel.inviteLink,
    uuid: funnel.publicId,
    active: funnel.isActive,
    pixel: funnel.hasPixel,
  });
  const etag = `"${Bun.hash(body).toString(36)}"`;
  const headers = { ...CORS, etag, 'cache-control': `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`, vary: 'accept-encoding' };
  // The compression hook names each encoded copy (…-br", …-gzip"): any copy of this body is a match.
  const sameBody = (tag: string) => tag.trim().replace(/^W\//, '').replace(/-(br|gzip)"$/, '"') === etag;
  if (request.headers.get('if-none-match')?.split(',').some(sameBody)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers: { ...headers, 'content-type': 'application/javascript; charset=utf-8' } });
}

const preflight = () =>
  new Response(null, {
    status: 204,
    headers: { ...CORS, 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '86400' },
  });

async function bodyOf(request: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readLimited(request, TRACKING_LIMITS.bodyMax));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('MALFORMED_JSON', 400);
  }
}

/** `/api/t/{uuid}/{call}`, read from the raw path (Elysia decodes params; a hostile one stays a plain 404 here). */
function publicIdOf(request: Request): string {
  return pathOf(request.url).split('/').at(-2) ?? '';
}
