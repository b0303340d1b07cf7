import { Elysia } from 'elysia';
import {
  loginInputSchema,
  logoutInputSchema,
  refreshInputSchema,
  registerInputSchema,
} from '@shared/auth/schemas.ts';
import { clientAddress } from '../../http/client-address.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import * as auth from './service.ts';

/** `trustProxy`: read the client address from X-Forwarded-For (env TRUST_PROXY). */
export function authRoutes(deps: auth.AuthDeps & { trustProxy: boolean }) {
  return new Elysia({ prefix: '/auth' })
    .post('/register', async ({ body, set, request, server }) => {
      const result = await auth.register(deps, parseInput(registerInputSchema, body), clientAddress(request, server, deps.trustProxy));
      set.status = 201;
      return ok(result);
    })
    .post('/login', async ({ body, request, server }) =>
      ok(await auth.login(deps, parseInput(loginInputSchema, body), clientAddress(request, server, deps.trustProxy), auditOrigin(request, server, deps.trustProxy))),
    )
    .post('/refresh', async ({ body }) => {
      const { refreshToken } = parseInput(refreshInputSchema, body);
      return ok(await auth.refresh(deps, refreshToken));
    })
    .post('/logout', async ({ body }) => {
      const { refreshToken } = parseInput(logoutInputSchema, body);
      await auth.logout(deps, refreshToken);
      return ok(null);
    });
}
