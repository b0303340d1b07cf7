/**
 * The team's HTTP surface (docs/product.md#team): who am I and where (GET /auth/me), switching workspace, members,
 * invitations. The members and invitations routes are the `members` area of the role matrix (the auth guard refuses
 * agents); switching and accepting an invitation are the person's own (session guard: a member removed from the
 * workspace of their token can still move on).
 */
import { Elysia } from 'elysia';
import { createInvitationInputSchema, switchWorkspaceInputSchema, updateMemberInputSchema } from '@shared/team/schemas.ts';
import { authGuard, sessionGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { acceptInvitation, createInvitation, previewInvitation } from './invitations.ts';
import * as team from './service.ts';

/** An id that cannot be anyone's is answered like one nobody holds (never a cast error). */
const uuidOr404 = (id: string) => {
  if (!isUuid(id)) throw notFound();
  return id;
};

type Deps = team.TeamDeps & { trustProxy: boolean };

export function workspaceRoutes(deps: Deps) {
  return new Elysia({ prefix: '/auth' })
    .use(new Elysia()
      .use(sessionGuard(deps.accessTokens))
      .post('/workspace', async ({ actorId, body, request, server }) =>
        ok(await team.switchWorkspace(deps, actorId, uuidOr404(parseInput(switchWorkspaceInputSchema, body).workspaceId), auditOrigin(request, server, deps.trustProxy)))))
    .use(authGuard(deps.accessTokens))
    // The auth guard already read the account and the member's role there (a deleted account is a 401 there).
    .get('/me', async ({ user, workspace }) => ok(await team.me(deps, user, workspace)));
}

export function teamRoutes(deps: Deps) {
  return new Elysia({ prefix: '/team' })
    .get('/invitations/:token', async ({ params }) => ok(await previewInvitation(deps, params.token)))
    .use(new Elysia()
      .use(sessionGuard(deps.accessTokens))
      .post('/invitations/:token/accept', async ({ user, params, request, server }) => ok(await acceptInvitation(deps, user, params.token, auditOrigin(request, server, deps.trustProxy)))))
    .use(authGuard(deps.accessTokens))
    .post('/invitations', async ({ userId, actor, body, set, request, server }) => {
      const result = await createInvitation(deps, userId, actor, parseInput(createInvitationInputSchema, body), auditOrigin(request, server, deps.trustProxy));
      set.status = 201;
      return ok(result);
    })
    .get('/members', async ({ userId }) => ok(await team.listMembers(deps, userId)))
    .patch('/members/:userId', async ({ userId, actor, params, body, request, server }) => {
      const { role } = parseInput(updateMemberInputSchema, body);
      return ok(await team.changeRole(deps, userId, actor, uuidOr404(params.userId), role, auditOrigin(request, server, deps.trustProxy)));
    })
    .delete('/members/:userId', async ({ userId, actor, params, request, server }) => {
      await team.removeMember(deps, userId, actor, uuidOr404(params.userId), auditOrigin(request, server, deps.trustProxy));
      return ok(null);
    });
}
