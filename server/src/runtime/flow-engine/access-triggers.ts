/**
 * The "Acesso pago" trigger (trigger_access, docs/product.md#acessos): an access event of the bot fires the trigger
 * nodes of that event whose plan is the access's (or any plan), in flows that run in private chats, in the buyer's
 * private chat with the bot. The flow reads the contact's variables and access.planName, access.daysLeft and
 * access.until (dd/mm/aaaa, São Paulo), computed when the event runs. One flow failing is logged and costs that
 * flow only.
 */
import type { AccessEventCall, AccessEventResult } from '../../ports/access-event.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AttachedBot } from './attached-bots.ts';
import { newExecution } from './execution.ts';
import type { BotGraphs } from './flow-graph.ts';
import type { GraphCache } from './graph-cache.ts';
import { chatAllowed, type TriggerHit } from './trigger-match.ts';
import { buildVariables, type Variables } from './variables.ts';
import { walk } from './walk.ts';
import type { WalkDepsFor } from './walk-deps.ts';

const DAY_MS = 86_400_000;
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

export function accessTriggers(graphs: BotGraphs, call: Pick<AccessEventCall, 'event' | 'planId' | 'telegramId'>): TriggerHit[] {
  const chat = { id: call.telegramId, type: 'private' as const };
  const hits: TriggerHit[] = [];
  for (const flow of graphs.flows) {
    if (!chatAllowed(flow, chat)) continue;
    for (const node of flow.triggers) {
      if (node.subType !== 'trigger_access' || node.config.event !== call.event) continue;
      const planId = node.config.planId.trim();
      if (planId === '' || planId === call.planId) hits.push({ flow, node });
    }
  }
  return hits;
}

export function accessVariables(call: AccessEventCall, botUsername: string | undefined, now = new Date()): Variables {
  const { contact } = call;
  const until = call.accessUntil;
  return {
    ...buildVariables({
      user: {
        id: call.telegramId, first_name: contact.firstName,
        ...(contact.lastName ? { last_name: contact.lastName } : {}), ...(contact.username ? { username: contact.username } : {}),
      },
      phoneNumber: contact.phoneNumber,
      chat: { id: call.telegramId },
      botUsername,
    }),
    access: {
      planName: call.planName,
      daysLeft: until === null ? '' : Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS)),
      until: until === null ? 'vitalício' : dateFormat.format(until),
    },
  };
}

export type AccessStartsDeps = { cache: GraphCache; logger: Logger; attachedBot(botId: string): AttachedBot | undefined; walkDeps: WalkDepsFor };

export function accessStarts(deps: AccessStartsDeps) {
  return async function accessEvent(call: AccessEventCall): Promise<AccessEventResult> {
    const bot = deps.attachedBot(call.botId);
    if (!bot) return { notRunning: true };
    const graphs = await deps.cache.get(call.botId);
    const hits = accessTriggers(graphs, call);
    for (const hit of hits) {
      try {
        await walk(deps.walkDeps(bot.api, graphs), newExecution({
          botId: call.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: call.telegramId, chatId: call.telegramId,
          variables: accessVariables(call, bot.username()), cause: `${call.cause}:${hit.node.id}`,
        }), [hit.node.id]);
      } catch (error) {
        deps.logger.error('falha ao disparar gatilho de acesso', { botId: call.botId, flowId: hit.flow.id, error });
      }
    }
    return { started: hits.length };
  };
}
