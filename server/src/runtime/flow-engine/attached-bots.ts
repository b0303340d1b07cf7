/**
 * The running bots the engine sends through (docs/decisions.md#d-flow-engine): a bot attaches its Api when it starts,
 * and attaching holds the bot's job scope, so only the process running a bot claims its delays and contact events.
 */
import type { Api } from 'grammy';
import type { JobWorker } from '../../jobs/worker.ts';
import type { GraphCache } from './graph-cache.ts';
import { botScope } from './resume-job.ts';

export type AttachedBot = { api: Api; userId: string; username(): string | undefined };

export function createAttachedBots(jobs: JobWorker, cache: GraphCache) {
  const attached = new Map<string, AttachedBot>();
  return {
    attach(botId: string, bot: AttachedBot) {
      attached.set(botId, bot);
      cache.forget(botId);
      jobs.hold(botScope(botId));
    },
    detach(botId: string) {
      jobs.drop(botScope(botId));
      attached.delete(botId);
      cache.forget(botId);
    },
    get: (botId: string) => attached.get(botId),
  };
}
