/**
 * The plugin that writes the audit line of the REST writes audited-routes.ts lists (`auditedGuard`, which a module
 * uses in place of the auth guard). A route's line is written once its handler answered
 * (a refused or failed request leaves none), from the matched route pattern, so a route added under an audited
 * pattern cannot forget it. The target's name is read before the handler runs (a deletion leaves nothing to read
 * after) and kept in the line. The offline mutations of the same actions are recorded in their transaction by the
 * sync push (audited-mutations.ts).
 */
import { Elysia } from 'elysia';
import type { Queryable } from '../../db/client.ts';
import { authGuard } from '../../http/auth-guard.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditedRoute, type Answer } from './audited-routes.ts';
import { auditOrigin, recordAudit } from './recorder.ts';
import { targetName } from './repository.ts';

const answerOf = (value: unknown): Answer => (typeof value === 'object' && value !== null ? value : {});

/** The `:id` (or `name`) parameter of the path (a route without parameters has none). */
const idOf = (params: unknown, name = 'id'): string | undefined => {
  const id: unknown = typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined;
  return typeof id === 'string' ? id : undefined;
};

export type AuditTrailDeps = { sql: Queryable; accessTokens: AccessTokens; trustProxy: boolean };

/** The auth guard, and the audit line of the routes the table lists: what an audited module uses in its place. */
export function auditedGuard(deps: AuditTrailDeps) {
  // The target's name as it was before the handler, per request.
  const before = new WeakMap<Request, string | null>();
  return new Elysia({ name: 'audited-guard' })
    .use(authGuard(deps.accessTokens))
    .onBeforeHandle(async ({ request, route, params, userId }) => {
      const audited = auditedRoute(request, route);
      const id = idOf(params, audited?.param);
      if (audited && !audited.created && id !== undefined) before.set(request, await targetName(deps.sql, userId, audited.target, id));
    })
    .onAfterHandle(async ({ request, route, params, userId, actor, responseValue, server }) => {
      const audited = auditedRoute(request, route);
      if (!audited) return;
      const answer = answerOf(responseValue);
      const pathId = idOf(params, audited.param);
      const createdId = audited.created ? answer.data?.[audited.created]?.id : pathId;
      if (typeof createdId !== 'string') return;
      const name = audited.created ? await targetName(deps.sql, userId, audited.target, createdId) : (before.get(request) ?? null);
      await recordAudit(deps.sql, {
        accountId: userId,
        actorId: actor.apiKey ? null : actor.id,
        apiKeyId: actor.apiKey?.id ?? null,
        action: typeof audited.action === 'function' ? audited.action(answer) : audited.action,
        target: { type: audited.target, id: createdId },
        detail: { ...(name ? { name } : {}), ...(audited.created && pathId !== undefined ? { sourceId: pathId } : {}), ...audited.detail?.(answer) },
        origin: auditOrigin(request, server, deps.trustProxy),
      });
    })
    .as('scoped');
}
