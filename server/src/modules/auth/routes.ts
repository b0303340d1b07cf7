import { Elysia } from 'elysia';
import {
  loginInputSchema,
  logoutInputSchema,
  refreshInputSchema,
  registerInputSchema,
} from '@shared/auth/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import * as auth from './service.ts';

export function authRoutes(deps: auth.AuthDeps) {
  return new Elysia({ prefix: '/auth' })
    .post('/register', async ({ body, set }) => {
      const result = await auth.register(deps, parseInput(registerInputSchema, body));
      set.status = 201;
      return ok(result);
    })
    .post('/login', async ({ body }) => ok(await auth.login(deps, parseInput(loginInputSchema, body))))
    .post('/refresh', async ({ body }) => {
      const { refreshToken } = parseInput(refreshInputSchema, body);
      return ok(await auth.refresh(deps, refreshToken));
    })
    .post('/logout', async ({ body }) => {
      const { refreshToken } = parseInput(logoutInputSchema, body);
      await auth.logout(deps, refreshToken);
      return ok(null);
    })
    .use(authGuard(deps.accessTokens))
    .get('/me', async ({ userId }) => ok({ user: await auth.currentUser(deps, userId) }));
}
