/**
 * The API-key half of the auth guard (auth-guard.ts hands it a bearer token that starts with API_KEY_PREFIX): the key
 * must be live (401 API_KEY_INVALID: unknown or revoked, read on every request), within its throttle (429 with
 * Retry-After), on a route keys may reach (403 API_KEY_ROUTE_CLOSED: sync, auth, account, members, the keys
 * themselves) and within its scopes (403 API_KEY_SCOPE_MISSING). It then acts as the workspace: `userId` is the
 * workspace, the actor is the workspace's founder (whom records a key makes, a note or a reply, are attributed to)
 * with an admin's role, marked with the key so audit lines name the key and no person. Every write a key makes
 * leaves a line: the route's own (audited-routes.ts) or a generic `key.request` one.
 */
import { scopeAllows } from '@shared/api-keys/scopes.ts';
import type { Role } from '@shared/team/permissions.ts';
import { AppError } from '../lib/errors.ts';
import { pathOf } from '../lib/request-path.ts';
import type { ApiKeyAuth } from '../modules/api-keys/authenticator.ts';
import { auditedRoute } from '../modules/audit/audited-routes.ts';
import { auditOrigin, recordAudit } from '../modules/audit/recorder.ts';
import { apiKeyScopeOf } from './route-areas.ts';

/** A key acts with an admin's role, so the routes' own role checks pass; its scopes are what limit it. */
const KEY_ROLE: Role = 'admin';

export async function apiKeyContext(auth: ApiKeyAuth | undefined, secret: string, request: Request) {
  const key = auth ? await auth.verify(secret) : undefined;
  if (!auth || !key) throw new AppError('API_KEY_INVALID', 401);
  const wait = auth.throttle(key.id);
  if (wait > 0) throw new AppError('API_KEY_THROTTLED', 429, undefined, undefined, { 'retry-after': String(wait) });
  const needed = apiKeyScopeOf(request.method, pathOf(request.url));
  if (!needed) throw new AppError('API_KEY_ROUTE_CLOSED', 403);
  if (!scopeAllows(key.scopes, needed.area, needed.write)) throw new AppError('API_KEY_SCOPE_MISSING', 403);
  const workspace = { ...key.workspace, role: KEY_ROLE };
  const actor = { id: key.workspace.id, role: KEY_ROLE, apiKey: { id: key.id, name: key.name } };
  return { userId: key.workspace.id, user: key.founder, actor, workspace, sessionId: '' };
}

type Written = { request: Request; route: string; userId: string; actor: { apiKey?: { id: string } | undefined }; server: Parameters<typeof auditOrigin>[1] };

/** The generic line of a key's successful write that no audited route records itself. */
export async function auditKeyWrite(auth: ApiKeyAuth | undefined, { request, route, userId, actor, server }: Written) {
  if (!auth || !actor.apiKey || request.method === 'GET' || request.method === 'HEAD' || auditedRoute(request, route)) return;
  await recordAudit(auth.sql, {
    accountId: userId,
    actorId: null,
    apiKeyId: actor.apiKey.id,
    action: 'key.request',
    detail: { route: `${request.method} ${route}`.slice(0, 200) },
    origin: auditOrigin(request, server, auth.trustProxy),
  });
}
