/**
 * docs/product.md#api-labels. The /labels group is every member's area to read (`contacts`); creating, renaming,
 * recolouring and deleting are the `labels` area's (owners, admins), checked here against the shared matrix. Applying
 * labels to a contact (PUT /contacts/{id}/labels) is every member's. Each write tells the workspace's other open
 * consoles to pull (sync.changed).
 */
import { Elysia } from 'elysia';
import { contactLabelsInputSchema, createLabelInputSchema, updateLabelInputSchema } from '@shared/labels/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as labels from './service.ts';

type Deps = labels.LabelsDeps & {
  accessTokens: AccessTokens;
  announceSync?: ((userId: string, clientId: string) => void) | undefined;
};

/** The /labels group and PUT /contacts/{id}/labels. */
export function labelRoutes(deps: Deps) {
  return new Elysia().use(labelManagementRoutes(deps)).use(contactLabelRoutes(deps));
}

function labelManagementRoutes(deps: Deps) {
  const changed = (userId: string) => deps.announceSync?.(userId, '');
  return new Elysia({ prefix: '/labels' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ labels: await labels.listLabels(deps, userId) }))
    .post('/', async ({ userId, actor, body, set }) => {
      labels.assertManages(actor.role);
      const label = await labels.createLabel(deps, userId, parseInput(createLabelInputSchema, body));
      changed(userId);
      set.status = 201;
      return ok({ label });
    })
    .patch('/:id', async ({ userId, actor, params, body }) => {
      labels.assertManages(actor.role);
      const label = await labels.updateLabel(deps, userId, params.id, parseInput(updateLabelInputSchema, body));
      changed(userId);
      return ok({ label });
    })
    .delete('/:id', async ({ userId, actor, params }) => {
      labels.assertManages(actor.role);
      await labels.deleteLabel(deps, userId, params.id);
      changed(userId);
      return ok({ deleted: true });
    });
}

function contactLabelRoutes(deps: Deps) {
  return new Elysia({ prefix: '/contacts' })
    .use(authGuard(deps.accessTokens))
    .put('/:id/labels', async ({ userId, params, body }) => {
      const { labelIds } = parseInput(contactLabelsInputSchema, body);
      const applied = await labels.setContactLabels(deps, userId, params.id, labelIds);
      deps.announceSync?.(userId, '');
      return ok({ labelIds: applied });
    });
}
