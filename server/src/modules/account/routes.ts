import { Elysia } from 'elysia';
import { changePasswordInputSchema, deleteAccountInputSchema } from '@shared/account/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as account from './service.ts';

/**
 * Minha conta: the signed-in PERSON's password, sessions and account (service.ts). Always `actor.id`, never `userId`
 * (the workspace acted in, which may be someone else's): a member's own account is what these change.
 */
export function accountRoutes(deps: account.AccountDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/account' })
    .use(authGuard(deps.accessTokens))
    .post('/password', async ({ body, actor, sessionId }) => {
      await account.changePassword(deps, actor.id, sessionId, parseInput(changePasswordInputSchema, body));
      return ok(null);
    })
    .post('/sign-out-everywhere', async ({ actor }) => {
      await account.signOutEverywhere(deps, actor.id);
      return ok(null);
    })
    .get('/deletion-impact', async ({ actor }) => ok({ impact: await account.deletionImpact(deps, actor.id) }))
    .delete('/', async ({ body, actor }) => {
      await account.deleteAccount(deps, actor.id, parseInput(deleteAccountInputSchema, body));
      return ok(null);
    });
}
