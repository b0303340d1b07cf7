/**
 * Flows (docs/decisions.md#d-flow-engine): texts, channel posts and callback presses go to the flow engine, which
 * decides which flows they fire. A press nothing runs for falls through to the callbacks feature, which answers it.
 */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../bots/bot-deps.ts';

export function flowsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.on(['message:text', 'channel_post:text', 'callback_query:data'], async (ctx, next) => {
    const outcome = await deps.flows.onUpdate({ api: ctx.api, botId: deps.botId, botUsername: ctx.me.username, update: ctx.update });
    if (outcome === 'pass') await next();
  });
  return composer;
}
