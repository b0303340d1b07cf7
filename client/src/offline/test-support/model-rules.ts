/** The model server's effect of each mutation the model test uses, written from the server's rules, not the client's. */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { Contact } from '@shared/contacts/schemas.ts';
import type { ConversationRow, Message } from '@shared/messages/schemas.ts';
import type { WelcomeRow } from '@shared/sync/protocol.ts';
import { deleteFlowGraph, graphApply } from './model-graph-rules.ts';
import { deleteContactCascade, inboxApply, type InboxHidden } from './model-inbox-rules.ts';

export type ModelState = {
  bots: Map<string, Bot>;
  channels: Map<string, Channel>;
  welcomeMessages: Map<string, WelcomeRow>;
  flows: Map<string, FlowSummary>;
  flowNodes: Map<string, FlowNode>;
  flowConnections: Map<string, FlowConnection>;
  contacts: Map<string, Contact>;
  messages: Map<string, Message>;
  conversations: Map<string, ConversationRow>;
  /** What the server stores but never syncs (model-inbox-rules.ts). */
  inbox: InboxHidden;
};

/** The synced tables of the model (every key of ModelState but the hidden inbox columns). */
export type ModelTable = Exclude<keyof ModelState, 'inbox'>;

export class ModelRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Write = (table: ModelTable, id: string, row: unknown | null) => void;

const need = <T>(row: T | undefined, what: string): T => {
  if (!row) throw new ModelRefusal('NOT_FOUND', `${what} não encontrado`);
  return row;
};

const refuse = (code: string, message: string): never => {
  throw new ModelRefusal(code, message);
};

/** `at` is the envelope's createdAt; `serverNow` the push transaction's now() (a reply's created_at). */
// The args were parsed by the shared schema; the model reads them loosely on purpose (it is not the client).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above: loose reads on purpose, the model is not the client
export function modelApply(state: ModelState, write: Write, name: string, args: any, at: string, serverNow = at): void {
  switch (name) {
    case 'bot.setActive': {
      const bot = need(state.bots.get(args.botId), 'Bot');
      return write('bots', bot.id, { ...bot, isActive: args.isActive, inactiveReason: args.isActive ? null : bot.inactiveReason, updatedAt: at });
    }
    case 'bot.setBroadcastRate': {
      const bot = need(state.bots.get(args.botId), 'Bot');
      return write('bots', bot.id, { ...bot, broadcastRate: args.broadcastRate, updatedAt: at });
    }
    case 'bot.delete': {
      need(state.bots.get(args.botId), 'Bot');
      for (const channel of state.channels.values()) {
        if (channel.botId !== args.botId) continue;
        write('channels', channel.id, null);
        if (state.welcomeMessages.has(channel.id)) write('welcomeMessages', channel.id, null);
      }
      for (const flow of state.flows.values()) {
        if (flow.botId !== args.botId) continue;
        deleteFlowGraph(state, write, flow.id);
        write('flows', flow.id, null);
      }
      // contacts.bot_id is ON DELETE CASCADE, and their messages and conversation go with them.
      for (const contact of state.contacts.values()) if (contact.botId === args.botId) deleteContactCascade(state, write, contact.id);
      return write('bots', args.botId, null);
    }
    case 'welcome.save': {
      const channel = need(state.channels.get(args.channelId), 'Canal');
      return write('welcomeMessages', channel.id, { ...args.welcome, channelId: channel.id, botId: channel.botId });
    }
    case 'flow.create': {
      need(state.bots.get(args.flow.botId), 'Bot');
      if (state.flows.has(args.flow.id)) throw new ModelRefusal('CONFLICT', 'Fluxo já existe');
      const { flow } = args;
      return write('flows', flow.id, {
        id: flow.id, botId: flow.botId, name: flow.name, description: flow.description ?? null, enabled: true,
        triggerType: flow.trigger.type, executionContexts: flow.executionContexts, allowedChannelIds: flow.allowedChannelIds,
        createdAt: at, updatedAt: at,
      });
    }
    case 'flow.update': {
      const flow = need(state.flows.get(args.flowId), 'Fluxo');
      return write('flows', flow.id, { ...flow, ...(args.changes.name ? { name: args.changes.name } : {}), updatedAt: at });
    }
    case 'flow.setEnabled': {
      const flow = need(state.flows.get(args.flowId), 'Fluxo');
      return write('flows', flow.id, { ...flow, enabled: args.enabled, updatedAt: at });
    }
    case 'flow.delete': {
      need(state.flows.get(args.flowId), 'Fluxo');
      deleteFlowGraph(state, write, args.flowId);
      return write('flows', args.flowId, null);
    }
    default:
      if (graphApply(state, write, refuse, name, args, at)) return;
      if (inboxApply(state, write, refuse, name, args, serverNow)) return;
      throw new ModelRefusal('UNSUPPORTED', `O modelo não conhece ${name}`);
  }
}
