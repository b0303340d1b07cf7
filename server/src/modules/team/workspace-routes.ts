/**
 * The workspace's log and own life (docs/product.md#team): GET /team/audit (owner and admin: the `members` area),
 * renaming and deleting the workspace (owner: the `workspace` area, /api/team/workspace), leaving it (anyone's own:
 * the `account` area, /api/team/leave). http/route-areas.ts maps the prefixes.
 */
import { Elysia } from 'elysia';
import { auditQuerySchema } from '@shared/audit/schemas.ts';
import { deleteWorkspaceInputSchema, renameWorkspaceInputSchema } from '@shared/team/workspace-schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { auditPage } from '../audit/service.ts';
import * as life from './workspace-service.ts';

export function workspaceLifeRoutes(deps: life.WorkspaceDeps & { trustProxy: boolean }) {
  return new Elysia({ prefix: '/team' })
    .use(authGuard(deps.accessTokens))
    .get('/audit', async ({ userId, query }) => ok(await auditPage(deps.sql, userId, parseInput(auditQuerySchema, query))))
    .patch('/workspace', async ({ userId, actor, body, request, server }) =>
      ok(await life.renameWorkspace(deps, userId, actor, parseInput(renameWorkspaceInputSchema, body).name, auditOrigin(request, server, deps.trustProxy))))
    .get('/workspace/deletion-impact', async ({ userId }) => ok({ impact: await life.workspaceDeletionImpact(deps, userId) }))
    .delete('/workspace', async ({ userId, actor, body, request, server }) =>
      ok(await life.deleteWorkspace(deps, userId, actor, parseInput(deleteWorkspaceInputSchema, body), auditOrigin(request, server, deps.trustProxy))))
    .post('/leave', async ({ userId, actor, request, server }) => {
      await life.leaveWorkspace(deps, userId, actor, auditOrigin(request, server, deps.trustProxy));
      return ok(null);
    });
}
