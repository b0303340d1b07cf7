import { Elysia } from 'elysia';
import { z } from 'zod';
import { quickReplyInputSchema, quickReplyPatchSchema } from '@shared/quick-replies/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as quickReplies from './service.ts';

const idParam = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** Quick replies (docs/product.md#api-quick-replies): every role reads; writes need `quickReplies` (route-areas.ts). */
export function quickReplyRoutes(deps: quickReplies.QuickRepliesDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/quick-replies' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ quickReplies: await quickReplies.listQuickReplies(deps, userId) }))
    .post('/', async ({ userId, body, set }) => {
      const quickReply = await quickReplies.createQuickReply(deps, userId, parseInput(quickReplyInputSchema, body));
      set.status = 201;
      return ok({ quickReply });
    })
    .patch('/:id', async ({ userId, params, body }) =>
      ok({ quickReply: await quickReplies.updateQuickReply(deps, userId, parseInput(idParam, params).id, parseInput(quickReplyPatchSchema, body)) }))
    .delete('/:id', async ({ userId, params }) => {
      await quickReplies.deleteQuickReply(deps, userId, parseInput(idParam, params).id);
      return ok({ deleted: true });
    });
}
