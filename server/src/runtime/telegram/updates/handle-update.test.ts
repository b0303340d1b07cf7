/**
 * handle-update.ts: an update whose handler met the database unreachable is handled again; any other fault costs the
 * update once (it is not redone), and neither reaches the caller.
 */
import { describe, expect, test } from 'bun:test';
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { quietLogger } from '../../../test-support/jobs.ts';
import { handleUpdate, reportHandlerFailure } from './handle-update.ts';

const BOT_INFO = {
  id: 1, is_bot: true as const, first_name: 'Bot', username: 'teste_bot', can_join_groups: true, can_read_all_group_messages: false,
  supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false,
  allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false,
};
const update: Update = { update_id: 7, message: { message_id: 1, date: 0, chat: { id: 5, type: 'private', first_name: 'Ana' }, from: { id: 5, is_bot: false, first_name: 'Ana' }, text: 'oi' } };

/** A bot whose one handler fails with `failures` in turn, then succeeds; answers how many times it ran. */
function botFailingWith(failures: Error[]) {
  const bot = new Bot('1:teste', { botInfo: BOT_INFO });
  bot.catch(() => undefined);
  let runs = 0;
  bot.errorBoundary(reportHandlerFailure(quietLogger()), async () => {
    const failure = failures[runs];
    runs += 1;
    if (failure) throw failure;
  });
  return { bot, runs: () => runs };
}

const closedByServer = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('handling one update', () => {
  test('the database unreachable: handled again once it answers', async () => {
    const { bot, runs } = botFailingWith([closedByServer(), Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' })]);
    await handleUpdate(bot, update, quietLogger(), { pauseMs: 1, maxPauseMs: 1, budgetMs: 10_000 });
    expect(runs()).toBe(3);
  });

  test('a fault of the handler costs the update once: not redone', async () => {
    const { bot, runs } = botFailingWith([new Error('defeito')]);
    await handleUpdate(bot, update, quietLogger(), { pauseMs: 1, maxPauseMs: 1, budgetMs: 10_000 });
    expect(runs()).toBe(1);
  });

  test('a stop ends the waiting for the database at once: the update is not handled again here', async () => {
    const { bot, runs } = botFailingWith(Array.from({ length: 1000 }, closedByServer));
    const stopping = new AbortController();
    const started = Date.now();
    const handled = handleUpdate(bot, update, quietLogger(), { pauseMs: 5_000, maxPauseMs: 5_000, budgetMs: 60_000 }, stopping.signal);
    await Bun.sleep(50);
    stopping.abort();
    await handled;
    expect(runs()).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('the database away for good: tried again with growing pauses until the budget is spent, then failed without reaching the caller', async () => {
    const { bot, runs } = botFailingWith(Array.from({ length: 1000 }, closedByServer));
    const started = Date.now();
    await handleUpdate(bot, update, quietLogger(), { pauseMs: 5, maxPauseMs: 20, budgetMs: 100 });
    // Pauses 5, 10, 20, 20… within 100 ms: a handful of runs, far fewer than a loop without pauses would make.
    expect(runs()).toBeGreaterThan(3);
    expect(runs()).toBeLessThan(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
