import { Elysia } from 'elysia';
import { welcomeMessageInputSchema } from '@shared/welcome/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as welcome from './service.ts';

/** docs/product.md#api-welcome: POST / GET /flows/channels/{channelId}/welcome, channelId being the channel record id. */
export function welcomeRoutes(deps: welcome.WelcomeDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/flows/channels' })
    .use(authGuard(deps.accessTokens))
    .get('/:channelId/welcome', async ({ userId, params }) =>
      ok({ welcomeMessage: await welcome.getWelcome(deps, userId, params.channelId) }),
    )
    .post('/:channelId/welcome', async ({ userId, params, body }) => {
      const input = parseInput(welcomeMessageInputSchema, body);
      return ok({ welcomeMessage: await welcome.saveWelcome(deps, userId, params.channelId, input) });
    });
}
