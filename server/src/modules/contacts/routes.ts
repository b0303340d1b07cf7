import { Elysia } from 'elysia';
import {
  allContactsQuerySchema,
  contactListQuerySchema,
  contactTopQuerySchema,
  updateContactInputSchema,
} from '@shared/contacts/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { contactFileRoutes } from './file-routes.ts';
import * as contacts from './service.ts';

type Deps = contacts.ContactsDeps & { accessTokens: AccessTokens; runtime: BotRuntime; trustProxy: boolean };

/** Paged lists carry pagination next to data (docs/decisions.md#d-api-conventions). */
const paged = (page: Awaited<ReturnType<typeof contacts.listContacts>>) => ({
  success: true as const,
  data: { contacts: page.contacts },
  pagination: page.pagination,
});

/** docs/product.md#api-contacts. Static segments (`all`, `bot`) win over `/:id`. */
export function contactRoutes(deps: Deps) {
  return new Elysia({ prefix: '/contacts' })
    .use(authGuard(deps.accessTokens))
    .use(contactFileRoutes(deps))
    .get('/', async ({ userId, query }) => paged(await contacts.listContacts(deps, userId, parseInput(contactListQuerySchema, query))))
    .get('/all', async ({ userId, query }) => paged(await contacts.listAllContacts(deps, userId, parseInput(allContactsQuerySchema, query))))
    .get('/all/stats', async ({ userId }) => ok({ stats: await contacts.globalContactStats(deps, userId) }))
    .get('/bot/:id', async ({ userId, params, query }) => {
      const input = parseInput(contactListQuerySchema, { ...query, botId: undefined });
      return paged(await contacts.listContacts(deps, userId, { ...input, botId: params.id }));
    })
    .get('/bot/:id/stats', async ({ userId, params }) => ok({ stats: await contacts.botContactStats(deps, userId, params.id) }))
    .get('/bot/:id/most-active', async ({ userId, params, query }) => {
      const { limit } = parseInput(contactTopQuerySchema, query);
      return ok({ contacts: await contacts.topContacts(deps, userId, params.id, 'messages', limit) });
    })
    .get('/bot/:id/recent', async ({ userId, params, query }) => {
      const { limit } = parseInput(contactTopQuerySchema, query);
      return ok({ contacts: await contacts.topContacts(deps, userId, params.id, 'newest', limit) });
    })
    .get('/:id', async ({ userId, params }) => ok({ contact: await contacts.getContact(deps, userId, params.id) }))
    .put('/:id', async ({ userId, params, body }) =>
      ok({ contact: await contacts.updateContact(deps, userId, params.id, parseInput(updateContactInputSchema, body)) }),
    )
    .delete('/:id', async ({ userId, params }) => {
      await contacts.deleteContact(deps, userId, params.id);
      return ok({ deleted: true });
    });
}
