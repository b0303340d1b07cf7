/**
 * Bearer authentication for protected routes, or 401 (TOKEN_EXPIRED when the token is genuine but old, so the client
 * knows a refresh will help; UNAUTHENTICATED otherwise).
 *
 * `authGuard` resolves the workspace the member acts in (docs/decisions.md#teams): `userId` is the WORKSPACE's id,
 * the tenant key every module scopes its queries by; `actor` is the person (their user id and current role) for what
 * belongs to a person (sessions, push subscriptions, live streams). Membership and role are read on every request
 * (the token's lookup), so a removed member gets 403 NOT_A_MEMBER and a role without the route's area (route-areas.ts)
 * 403 ROLE_FORBIDDEN on the very next request, whatever token they hold.
 *
 * A bearer token that starts with API_KEY_PREFIX is an API key, never tried as a session token (api-key-guard.ts).
 *
 * `sessionGuard` authenticates the person only (who am I, switch workspace): it answers a member removed from the
 * workspace of their token too, so they can move to another one. An API key is no person: 403 there.
 */
import { Elysia } from 'elysia';
import { can, type Role } from '@shared/team/permissions.ts';
import type { Workspace } from '@shared/team/schemas.ts';
import { AppError } from '../lib/errors.ts';
import { pathOf } from '../lib/request-path.ts';
import type { AccessCheck, AccessTokens } from '../modules/auth/access-token.ts';
import { looksLikeKey } from '../modules/api-keys/secret.ts';
import { apiKeyContext, auditKeyWrite } from './api-key-guard.ts';
import { areaOfRequest } from './route-areas.ts';

/** `apiKey`: the key the request was made with (then `id` is the workspace's founder, to whom its records go). */
export type Actor = { id: string; role: Role; apiKey?: { id: string; name: string } | undefined };

function bearer(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 401);
  return match[1];
}

async function check(accessTokens: AccessTokens, token: string) {
  const result = await accessTokens.verify(token);
  if (result.status === 'expired') throw new AppError('TOKEN_EXPIRED', 401);
  if (result.status === 'invalid') throw new AppError('UNAUTHENTICATED', 401);
  return result satisfies Extract<AccessCheck, { status: 'valid' }>;
}

export function authGuard(accessTokens: AccessTokens) {
  return new Elysia().resolve({ as: 'scoped' }, async ({ headers, request }) => {
    const token = bearer(headers.authorization);
    if (looksLikeKey(token)) return apiKeyContext(accessTokens.apiKeys, token, request);
    const session = await check(accessTokens, token);
    const workspace: Workspace | undefined = session.workspace;
    if (!workspace) throw new AppError('NOT_A_MEMBER', 403);
    if (!can(workspace.role, areaOfRequest(request.method, pathOf(request.url)))) throw new AppError('ROLE_FORBIDDEN', 403);
    const actor: Actor = { id: session.userId, role: workspace.role };
    return { userId: workspace.id, user: session.user, actor, workspace, sessionId: session.sessionId };
  }).onAfterHandle({ as: 'scoped' }, (context) => auditKeyWrite(accessTokens.apiKeys, context));
}

export function sessionGuard(accessTokens: AccessTokens) {
  return new Elysia().resolve({ as: 'scoped' }, async ({ headers }) => {
    const token = bearer(headers.authorization);
    if (looksLikeKey(token)) throw new AppError('API_KEY_ROUTE_CLOSED', 403);
    const session = await check(accessTokens, token);
    return { actorId: session.userId, user: session.user, tokenWorkspace: session.workspace, sessionId: session.sessionId };
  });
}
