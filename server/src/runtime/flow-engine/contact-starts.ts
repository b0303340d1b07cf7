/**
 * Contacts created or changed start their bot's contact triggers (docs/decisions.md#p-flows): a `flow.contact-event`
 * job (docs/decisions.md#scale-out), or a console edit in the bot's owner. Contacts run side by side (one batch holds
 * each contact once, in its own chat); a failure is logged and costs that contact only.
 */
import type { Logger } from '../../lib/logger.ts';
import type { AttachedBot } from './attached-bots.ts';
import { contactTriggers, contactVariables, type ContactChange } from './contact-triggers.ts';
import { newExecution } from './execution.ts';
import type { GraphCache } from './graph-cache.ts';
import { walk } from './walk.ts';
import type { WalkDepsFor } from './walk-deps.ts';

export type ContactStartsDeps = {
  cache: GraphCache;
  logger: Logger;
  attachedBot(botId: string): AttachedBot | undefined;
  walkDeps: WalkDepsFor;
};

/** `cause` (the job's id) gives each execution a stable id: a job run again starts the same one. */
export function contactStarts(deps: ContactStartsDeps) {
  const { cache, logger } = deps;
  return async function contactsChanged(changes: ContactChange[], cause?: string) {
    await Promise.all(changes.map(async (change) => {
      const bot = deps.attachedBot(change.botId);
      if (!bot) return;
      try {
        const graphs = await cache.get(change.botId);
        for (const hit of contactTriggers(graphs, change)) {
          await walk(deps.walkDeps(bot.api, graphs), newExecution({
            botId: change.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: change.telegramId,
            chatId: change.chat.id, variables: contactVariables(change, bot.username()),
            cause: cause === undefined ? undefined : `${cause}:${hit.node.id}`,
          }), [hit.node.id]);
        }
      } catch (error) {
        logger.error('falha ao disparar gatilho de contato', { botId: change.botId, error });
      }
    }));
  };
}
