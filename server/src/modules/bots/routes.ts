import { Elysia } from 'elysia';
import { createBotInputSchema, updateBotInputSchema } from '@shared/bots/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as bots from './service.ts';

export function botRoutes(deps: bots.BotsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/bots' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ bots: await bots.listBots(deps, userId) }))
    .post('/', async ({ userId, body, set }) => {
      const input = parseInput(createBotInputSchema, body);
      const bot = await bots.createBot(deps, userId, input.token);
      set.status = 201;
      return ok({ bot });
    })
    .get('/:id', async ({ userId, params }) => ok({ bot: await bots.getBot(deps, userId, params.id) }))
    .patch('/:id', async ({ userId, params, body }) => ok({ bot: await bots.updateBot(deps, userId, params.id, parseInput(updateBotInputSchema, body)) }))
    .delete('/:id', async ({ userId, params }) => {
      await bots.deleteBot(deps, userId, params.id);
      return ok({ deleted: true });
    })
    .get('/:id/channels', async ({ userId, params }) => ok({ channels: await bots.listChannels(deps, userId, params.id) }))
    .post('/:id/channels/sync', async ({ userId, params }) =>
      ok({ channels: await bots.syncBotChannels(deps, userId, params.id) }),
    );
}

/** GET /channels/{id}: one channel with its bot, for the channel configuration screen. */
export function channelRoutes(deps: bots.BotsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/channels' })
    .use(authGuard(deps.accessTokens))
    .get('/:id', async ({ userId, params }) => ok(await bots.getChannel(deps, userId, params.id)));
}
