/**
 * The baseline of bench/scale.bench.ts: bare grammY bots doing the reply Canalize's flow does ("eco: <text>"),
 * each polled by @grammyjs/runner (concurrent handling, the fastest plain grammY setup), nothing stored.
 * Env: TOKENS (comma-separated), API_ROOT. Prints "ready" once every bot polls; exits on SIGTERM.
 */
import { run } from '@grammyjs/runner';
import { Bot } from 'grammy';

const tokens = (process.env.TOKENS ?? '').split(',').filter(Boolean);
const apiRoot = process.env.API_ROOT ?? '';
const bots = tokens.map((token) => new Bot(token, { client: { apiRoot } }));
await Promise.all(bots.map((bot) => bot.init()));
const runners = bots.map((bot) => {
  bot.on('message:text', (ctx) => ctx.reply(`eco: ${ctx.message.text}`));
  return run(bot);
});
console.log('ready');
process.on('SIGTERM', () => {
  void Promise.all(runners.map((runner) => runner.isRunning() && runner.stop())).then(() => process.exit(0));
});
