import { Elysia } from 'elysia';
import { createBotInputSchema, updateBotInputSchema } from '@shared/bots/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import * as bots from './service.ts';
import * as trash from './trash-service.ts';

export function botRoutes(deps: bots.BotsDeps & { accessTokens: AccessTokens; trustProxy: boolean }) {
  return new Elysia({ prefix: '/bots' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId }) => ok({ bots: await bots.listBots(deps, userId) }))
    .post('/', async ({ userId, body, set }) => {
      const input = parseInput(createBotInputSchema, body);
      const bot = await bots.createBot(deps, userId, input.token);
      set.status = 201;
      return ok({ bot });
    })
    // The trash (docs/decisions.md#bot-trash): DELETE /bots/{id} moves a bot there.
    .get('/trash', async ({ userId }) => ok({ bots: await trash.listTrash(deps, userId) }))
    .post('/trash/:id/restore', async ({ userId, params }) => {
      await trash.restoreBot(deps, userId, params.id);
      return ok({ bot: await bots.getBot(deps, userId, params.id) });
    })
    .delete('/trash/:id', async ({ userId, params }) => {
      await trash.eraseBot(deps, userId, params.id);
      return ok({ deleted: true });
    })
    .get('/:id', async ({ userId, params }) => ok({ bot: await bots.getBot(deps, userId, params.id) }))
    .get('/:id/deletion-impact', async ({ userId, params }) => ok({ impact: await trash.deletionImpact(deps, userId, params.id) }))
    .patch('/:id', async ({ userId, params, body }) => ok({ bot: await bots.updateBot(deps, userId, params.id, parseInput(updateBotInputSchema, body)) }))
    .delete('/:id', async ({ userId, params }) => ok({ deleted: true, trashed: await trash.trashBot(deps, userId, params.id) }))
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
