import { Elysia } from 'elysia';
import { contactListQuerySchema } from '@shared/contacts/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as contacts from './service.ts';

export function contactRoutes(deps: contacts.ContactsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/contacts' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId, query }) => {
      const page = await contacts.listContacts(deps, userId, parseInput(contactListQuerySchema, query));
      // Paged lists carry pagination next to data (docs/decisions.md#d-api-conventions).
      return { success: true as const, data: { contacts: page.contacts }, pagination: page.pagination };
    });
}
