/**
 * Every callback press must be answered (docs/telegram.md#tg-limits), or the user's button keeps spinning. Welcome buttons carry
 * plain values that nothing handles yet (the flow engine will): this last-in-line handler answers what is left.
 */
import { Composer, type Context } from 'grammy';

export function callbacksFeature(): Composer<Context> {
  const composer = new Composer<Context>();
  composer.on('callback_query', async (ctx) => {
    await ctx.answerCallbackQuery();
  });
  return composer;
}
