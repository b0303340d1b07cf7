/**
 * The one way the client talks to `/api` (docs/product.md#api, #state-token-refresh; docs/decisions.md#d-api-conventions).
 *
 * - Every request carries `Authorization: Bearer <access token>` when one is stored.
 * - A 401 gets exactly one refresh and one retry. Concurrent 401s share one in-flight refresh: refresh tokens rotate
 *   and presenting a rotated one revokes the whole family (docs/decisions.md#d-accounts), so a second refresh would sign the user
 *   out. A 401 for a request sent with a token that has since been replaced is simply retried with the new token.
 * - A refresh the server refuses clears the session and calls `onSessionExpired` (the app goes to /login). A refresh
 *   that cannot reach the server (offline) keeps the session: the user is not signed out for being in a lift.
 * - Failures are thrown as ApiError with the server's pt-BR message when the body has one, else the caller's fallback.
 *
 * `fetch` is injected so tests can run it against a local server (happy-dom replaces the global fetch).
 *
 * The envelope schemas it needs itself (a failure's body, a refresh's answer) are imported when such an answer
 * arrives, so this module, which the first screen loads, does not bring zod with it; a success body is parsed with
 * the schema its caller passes (and loads).
 */
import type { z } from 'zod';
import type { Tokens } from '@shared/auth/schemas.ts';

export const GENERIC_ERROR_MESSAGE = 'Não foi possível concluir a operação. Tente novamente.';
export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet.';
export const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Faça login novamente.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
    /** True when this failure ended the session (refresh refused): callers need no toast of their own. */
    readonly sessionExpired = false,
  ) {
    super(message);
  }
}

export type TokenStore = {
  getTokens(): Tokens | null;
  setTokens(tokens: Tokens): void;
  clear(): void;
};

/** The part of fetch the client uses; narrower than `typeof fetch` so tests and wrappers fit without casts. */
export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  session: TokenStore;
  fetch: FetchFn;
  baseUrl?: string;
  onSessionExpired?: () => void;
};

export type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses the success body; the request fails with `fallbackMessage` when the answer does not match. */
  schema?: S;
  /** Shown when the server's answer carries no message of its own (docs/product.md#toasts). */
  fallbackMessage?: string;
  signal?: AbortSignal;
};

/** Calls whose 401 means "wrong credentials" or "refresh refused", never "access token expired". */
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout']);

export type ApiClient = ReturnType<typeof createApiClient>;

type Send = (path: string, method: string, body: unknown, accessToken: string | undefined, signal?: AbortSignal) => Promise<Response>;

function jsonSender(fetchImpl: FetchFn, baseUrl: string): Send {
  return (path, method, body, accessToken, signal) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    return fetchImpl(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  };
}

/** The session's refresh: one in flight at a time, shared by every request that met a 401 meanwhile. */
function tokenRefresher(session: TokenStore, send: Send, onSessionExpired: (() => void) | undefined) {
  let refreshing: Promise<string | null> | null = null;

  /** Resolves the new access token, or null when the session is over (refresh refused or impossible). */
  function refreshAccessToken(): Promise<string | null> {
    refreshing ??= performRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function performRefresh(): Promise<string | null> {
    const refreshToken = session.getTokens()?.refreshToken;
    if (!refreshToken) return null;
    const response = await send('/auth/refresh', 'POST', { refreshToken }, undefined).catch(
      rethrowAsNetworkError(NETWORK_ERROR_MESSAGE),
    );
    // The server is down or broken, not refusing the token: keep the session for a later attempt.
    if (response.status >= 500) throw await toApiError(response, GENERIC_ERROR_MESSAGE);
    const { refreshResponseSchema } = await import('@shared/auth/schemas.ts');
    const parsed = response.ok ? refreshResponseSchema.safeParse(await readJson(response)) : undefined;
    if (!parsed?.success) {
      session.clear();
      onSessionExpired?.();
      return null;
    }
    session.setTokens(parsed.data.data.tokens);
    return parsed.data.data.tokens.accessToken;
  }

  /**
   * The token to retry a 401 with, once: when another request already refreshed while this one was in flight its
   * token is reused instead of rotating again; null when the session is over (refresh refused or impossible).
   */
  return async function tokenAfter401(sentToken: string | undefined): Promise<string | null> {
    const current = session.getTokens();
    if (!current?.refreshToken) return null;
    return current.accessToken && current.accessToken !== sentToken ? current.accessToken : refreshAccessToken();
  };
}

export function createApiClient({ session, fetch: fetchImpl, baseUrl = '/api', onSessionExpired }: ApiClientOptions) {
  const send = jsonSender(fetchImpl, baseUrl);
  const tokenAfter401 = tokenRefresher(session, send, onSessionExpired);

  async function request<S extends z.ZodType = z.ZodUnknown>(path: string, options: RequestOptions<S> = {}): Promise<z.infer<S>> {
    const { method = 'GET', body, schema, fallbackMessage = GENERIC_ERROR_MESSAGE, signal } = options;
    const sentToken = session.getTokens()?.accessToken;
    let response = await send(path, method, body, sentToken, signal).catch(rethrowAsNetworkError(fallbackMessage));

    if (response.status === 401 && !NO_REFRESH_PATHS.has(path)) {
      const original = await toApiError(response, fallbackMessage);
      if (!session.getTokens()?.refreshToken) throw original;
      const nextToken = await tokenAfter401(sentToken).catch((cause: unknown) => {
        throw cause instanceof ApiError ? new ApiError(cause.status, cause.code, fallbackMessage) : cause;
      });
      if (!nextToken) {
        throw new ApiError(original.status, original.code, SESSION_EXPIRED_MESSAGE, original.details, true);
      }
      response = await send(path, method, body, nextToken, signal).catch(rethrowAsNetworkError(fallbackMessage));
    }

    if (!response.ok) throw await toApiError(response, fallbackMessage);
    const json = await readJson(response);
    if (!schema) return json as z.infer<S>;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', fallbackMessage);
    return parsed.data;
  }

  return {
    request,
    /**
     * For transports `request` cannot drive (an upload with progress over XMLHttpRequest, a file read as a Blob):
     * the access token to send now, and `tokenAfter401` for the one retry a 401 deserves.
     */
    accessToken: () => session.getTokens()?.accessToken,
    tokenAfter401,
    get: <S extends z.ZodType>(path: string, options?: Omit<RequestOptions<S>, 'method' | 'body'>) =>
      request(path, { ...options, method: 'GET' }),
    post: <S extends z.ZodType>(path: string, body?: unknown, options?: Omit<RequestOptions<S>, 'method' | 'body'>) =>
      request(path, { ...options, method: 'POST', body }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function toApiError(response: Response, fallbackMessage: string): Promise<ApiError> {
  const { failureEnvelopeSchema } = await import('@shared/api/envelope.ts');
  const failure = failureEnvelopeSchema.safeParse(await readJson(response));
  if (!failure.success) return new ApiError(response.status, `HTTP_${response.status}`, fallbackMessage);
  const { code, message, details } = failure.data;
  return new ApiError(response.status, code, message || fallbackMessage, details);
}

/** fetch rejects only when no answer arrived (offline, DNS, aborted): status 0. Aborts stay aborts. */
function rethrowAsNetworkError(fallbackMessage: string) {
  return (cause: unknown): never => {
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', fallbackMessage);
  };
}

/** The text a user sees for any error: the ApiError's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
