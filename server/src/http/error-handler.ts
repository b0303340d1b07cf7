/**
 * The single place where any failure becomes the envelope of docs/decisions.md#d-api-conventions. Users never see a stack or an
 * English message: unknown errors become a generic 500, logged with the request id the client also receives.
 */
import { Elysia } from 'elysia';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../lib/request-id.ts';
import { pathOf } from '../lib/request-path.ts';
import { failureBody, jsonResponse } from './envelope.ts';

const requestIds = new WeakMap<Request, string>();
/** What a 503 for an unreachable database suggests: a restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const requestIdOf = (request: Request) => requestIds.get(request) ?? requestIdFrom(request.headers);

export function errorHandler(logger: Logger) {
  return new Elysia({ name: 'canalize/error-handler' })
    .onRequest(({ request, set }) => {
      const id = requestIdFrom(request.headers);
      requestIds.set(request, id);
      set.headers[REQUEST_ID_HEADER] = id;
    })
    .onError({ as: 'global' }, ({ code, error, request }) => {
      const requestId = requestIdOf(request);
      const headers = { [REQUEST_ID_HEADER]: requestId };
      // A body refused while it is read (http/request-input.ts) arrives wrapped in Elysia's ParseError.
      const appError = error instanceof AppError ? error : error instanceof Error && error.cause instanceof AppError ? error.cause : undefined;
      if (appError) {
        return jsonResponse(appError.status, failureBody(appError.code, appError.message, appError.details), { ...appError.headers, ...headers });
      }
      if (code === 'PARSE') return jsonResponse(400, failureBody('MALFORMED_JSON'), headers);
      if (code === 'NOT_FOUND') return jsonResponse(404, failureBody('ROUTE_NOT_FOUND'), headers);
      if (code === 'VALIDATION') return jsonResponse(400, failureBody('VALIDATION_FAILED'), headers);
      if (isDatabaseUnavailable(error)) {
        // Not a bug: PostgreSQL is restarting or away. A clear 503 the client may retry (docs/decisions.md#scale-out).
        logger.warn('banco de dados indisponível', { requestId, method: request.method, path: pathOf(request.url), error });
        return jsonResponse(503, failureBody('DATABASE_UNAVAILABLE'), { ...headers, 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
      }
      logger.error('unhandled error', { requestId, method: request.method, path: pathOf(request.url), code, error });
      return jsonResponse(500, failureBody('INTERNAL_ERROR'), headers);
    });
}
