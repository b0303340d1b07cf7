/**
 * update-poller.ts: a getUpdates whose connection dies without a word (a proxy or NAT dropping it: nothing answers,
 * nothing closes) is given up after its time and asked again, instead of holding the bot's polling for grammY's 500 s.
 * The Bot API here is an HTTP server that takes the first getUpdates and never answers it, then answers the next ones.
 */
import { afterAll, expect, test } from 'bun:test';
import { Bot } from 'grammy';
import { createLogger } from '../../../lib/logger.ts';
import { eventually } from '../../../test-support/telegram.ts';
import { startUpdatePoller } from './update-poller.ts';

const BOT_INFO = {
  id: 1, is_bot: true as const, first_name: 'Bot', username: 'teste_bot', can_join_groups: true, can_read_all_group_messages: false,
  supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false,
  allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false,
};

const polls: number[] = [];
const silent = Bun.serve({
  port: 0,
  async fetch(request) {
    if (!new URL(request.url).pathname.endsWith('/getUpdates')) return Response.json({ ok: true, result: true });
    polls.push(Date.now());
    // The first poll's connection goes silent: never answered.
    if (polls.length === 1) return new Promise<Response>(() => {});
    await Bun.sleep(50);
    return Response.json({ ok: true, result: [] });
  },
});
afterAll(() => silent.stop(true));

test('a long poll nobody answers is given up after its time and asked again', async () => {
  const bot = new Bot('1:teste', { botInfo: BOT_INFO, client: { apiRoot: `http://127.0.0.1:${silent.port}` } });
  const warnings: string[] = [];
  const logger = createLogger('warn', (line) => void warnings.push(line));
  const poller = startUpdatePoller({
    bot, logger, allowedUpdates: ['message'], offset: undefined, done: [], pollAnswerMs: 300,
    store: { ready: async () => {}, stash: async () => true, handling: (_id, work) => work(), commitOffset: async () => true },
    onConflict: () => {}, onLeaseLost: () => {},
  });
  try {
    await eventually('a second poll', () => polls.length >= 2, 5_000);
    // Asked again after the silent one's time (300 ms) and the error pause, not after grammY's 500 s.
    expect((polls[1] ?? 0) - (polls[0] ?? 0)).toBeGreaterThanOrEqual(300);
    expect(warnings.some((line) => line.includes('falha ao buscar updates'))).toBe(true);
  } finally {
    await poller.stop();
  }
});
