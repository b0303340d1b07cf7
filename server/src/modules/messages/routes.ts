import { Elysia } from 'elysia';
import { z } from 'zod';
import { updateConversationInputSchema } from '@shared/messages/assignment.ts';
import {
  CONVERSATIONS_LIMIT,
  conversationsQuerySchema,
  messagesQuerySchema,
  sendMessageInputSchema,
  statsQuerySchema,
} from '@shared/messages/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { listAssignees, updateConversation } from './assignment.ts';
import * as messages from './service.ts';

const idParam = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** The inbox (docs/product.md#api-messages); ids that are not the user's answer 404 like unknown ones. */
export function messageRoutes(deps: messages.MessagesDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/messages' })
    .use(authGuard(deps.accessTokens))
    .get('/conversations', async ({ userId, actor, query }) => {
      const filters = parseInput(conversationsQuerySchema, query);
      // Messages the runtime still holds in memory (journal) are written first, so the list is never behind.
      await deps.runtime.flush();
      return ok({ conversations: await messages.listConversations(deps, userId, actor.id, filters, CONVERSATIONS_LIMIT) });
    })
    .patch('/conversations/:id', async ({ userId, actor, params, body }) =>
      ok(await updateConversation(deps, userId, actor.id, parseInput(idParam, params).id, parseInput(updateConversationInputSchema, body))))
    .get('/assignees', async ({ userId }) => ok(await listAssignees(deps, userId)))
    .get('/stats', async ({ userId, query }) => ok({ stats: await messages.stats(deps, userId, parseInput(statsQuerySchema, query).botId) }))
    .get('/contact/:id', async ({ userId, params, query }) => {
      await deps.runtime.flush();
      return ok(await messages.listMessages(deps, userId, parseInput(idParam, params).id, parseInput(messagesQuerySchema, query)));
    })
    .post('/send', async ({ userId, actor, body }) =>
      ok({ message: await messages.sendMessage(deps, userId, parseInput(sendMessageInputSchema, body), actor.id) }))
    .patch('/contact/:id/read-all', async ({ userId, params }) => {
      const { updated, contact } = await messages.markAllRead(deps, userId, parseInput(idParam, params).id);
      deps.announce.changed({ userId, contactId: contact.id, botId: contact.botId });
      return ok({ updated });
    })
    .patch('/:id/read', async ({ userId, params }) => ok({ message: await messages.markRead(deps, userId, parseInput(idParam, params).id) }));
}
