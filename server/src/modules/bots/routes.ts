import { Elysia } from 'elysia';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as bots from './service.ts';

export function botRoutes(deps: bots.BotsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/bots' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ bots: await bots.listBots(deps, userId) }))
    .get('/:id', async ({ userId, params }) => ok({ bot: await bots.getBot(deps, userId, params.id) }))
    .get('/:id/channels', async ({ userId, params }) =>
      ok({ channels: await bots.listChannels(deps, userId, params.id) }),
    );
}
