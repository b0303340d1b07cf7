/** Password reset routes (service.ts): public, the e-mail's link being the credential of the last two. */
import { Elysia } from 'elysia';
import {
  passwordResetCheckInputSchema,
  passwordResetInputSchema,
  passwordResetRequestInputSchema,
} from '@shared/auth/password-reset.ts';
import { clientAddress } from '../../../http/client-address.ts';
import { ok } from '../../../http/envelope.ts';
import { parseInput } from '../../../http/validate.ts';
import { linkOrigin } from './link-origin.ts';
import * as reset from './service.ts';

export type PasswordResetRouteDeps = reset.PasswordResetDeps & { trustProxy: boolean; publicUrl: string | undefined };

type Context = { request: Request; server: { port?: number | undefined } | null };

export function passwordResetRoutes(deps: PasswordResetRouteDeps) {
  const originOf = ({ request, server }: Context) => linkOrigin(deps.publicUrl, request, server?.port);
  return new Elysia({ prefix: '/auth/password-reset' })
    .get('/', (context) => ok({ available: reset.isAvailable(deps, originOf(context)) }))
    .post('/request', async (context) => {
      const input = parseInput(passwordResetRequestInputSchema, context.body);
      await reset.requestReset(deps, input, clientAddress(context.request, context.server, deps.trustProxy), originOf(context));
      context.set.status = 202;
      return ok(null);
    })
    .post('/check', async ({ body }) => ok(await reset.checkLink(deps.sql, parseInput(passwordResetCheckInputSchema, body).token)))
    .post('/confirm', async ({ body }) => {
      await reset.resetPassword(deps.sql, parseInput(passwordResetInputSchema, body));
      return ok(null);
    });
}
