/**
 * Each named mutation of shared/sync/mutations.ts mapped onto the service function its REST route calls, so an
 * offline edit and an online one go through the same checks and the same write (one implementation of each).
 * Args are validated again here with the shared schema: the client's check is a convenience, not a guarantee.
 */
import type { z } from 'zod';
import { mutationArgsSchemas as schemas, type MutationName } from '@shared/sync/mutations.ts';
import type { Queryable } from '../../db/client.ts';
import { parseInput } from '../../http/validate.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import * as bots from '../bots/service.ts';
import * as welcome from '../welcome/service.ts';
import * as flows from '../flows/service.ts';
import * as nodes from '../flows/node-service.ts';
import * as connections from '../flows/connection-service.ts';
import * as messages from '../messages/service.ts';
import * as contacts from '../contacts/service.ts';
import * as broadcasts from '../broadcasts/service.ts';

/** What a service needs, with `sql` being the mutation's transaction and `runtime` the after-commit facade. */
export type MutationDeps = {
  sql: Queryable;
  runtime: BotRuntime;
  telegramApiRoot: string;
  encryptionKey: Uint8Array;
  /** The inbox outside the transaction (pool, real runtime): what runs after the commit uses it. */
  inbox: messages.MessagesDeps;
  /** Runs `run` once the mutation's transaction committed; dropped when it rolls back. */
  afterCommit(label: string, run: () => Promise<unknown>): void;
};

/** A mutation whose args passed validation, ready to run against a transaction. */
export type ParsedMutation = (deps: MutationDeps, userId: string) => Promise<unknown>;

type Parser = (args: unknown) => ParsedMutation;

const define =
  <S extends z.ZodType>(schema: S, apply: (deps: MutationDeps, userId: string, args: z.output<S>) => Promise<unknown>): Parser =>
  (args) => {
    const parsed = parseInput(schema, args);
    return (deps, userId) => apply(deps, userId, parsed);
  };

const parsers: Record<MutationName, Parser> = {
  'bot.setActive': define(schemas['bot.setActive'], (deps, userId, a) => bots.setBotActive(deps, userId, a.botId, a.isActive)),
  'bot.setBroadcastRate': define(schemas['bot.setBroadcastRate'], (deps, userId, a) => bots.setBroadcastRate(deps, userId, a.botId, a.broadcastRate)),
  'bot.delete': define(schemas['bot.delete'], (deps, userId, a) => bots.deleteBot(deps, userId, a.botId)),
  'welcome.save': define(schemas['welcome.save'], (deps, userId, a) => welcome.saveWelcome(deps, userId, a.channelId, a.welcome)),
  'flow.create': define(schemas['flow.create'], (deps, userId, a) => flows.createFlow(deps, userId, a.flow)),
  'flow.update': define(schemas['flow.update'], (deps, userId, a) => flows.updateFlow(deps, userId, a.flowId, a.changes)),
  'flow.setEnabled': define(schemas['flow.setEnabled'], (deps, userId, a) => flows.toggleFlow(deps, userId, a.flowId, a.enabled)),
  'flow.delete': define(schemas['flow.delete'], (deps, userId, a) => flows.deleteFlow(deps, userId, a.flowId)),
  'node.create': define(schemas['node.create'], (deps, userId, a) => nodes.createNode(deps, userId, a.node)),
  'node.update': define(schemas['node.update'], (deps, userId, a) => nodes.updateNode(deps, userId, a.nodeId, a.changes)),
  'node.savePositions': define(schemas['node.savePositions'], (deps, userId, a) => nodes.saveNodePositions(deps, userId, a.flowId, a.positions)),
  'node.delete': define(schemas['node.delete'], (deps, userId, a) => nodes.deleteNode(deps, userId, a.nodeId)),
  'connection.create': define(schemas['connection.create'], (deps, userId, a) => connections.createConnection(deps, userId, a.connection)),
  'connection.delete': define(schemas['connection.delete'], (deps, userId, a) => connections.deleteConnection(deps, userId, a.connectionId)),
  'message.send': define(schemas['message.send'], async (deps, userId, a) => {
    // Claimed inside the push transaction, sent after its commit: a rolled-back push never reaches Telegram, and
    // a replay finds the claim and sends nothing.
    const claim = await messages.claimReply(deps, userId, a.message);
    if (claim) deps.afterCommit('message.send', () => messages.deliver(deps.inbox, userId, claim));
  }),
  'conversation.markRead': define(schemas['conversation.markRead'], async (deps, userId, a) => {
    const { contact } = await messages.markAllRead(deps, userId, a.contactId);
    deps.afterCommit('conversation.markRead', async () => deps.inbox.announce.changed({ userId, contactId: contact.id, botId: contact.botId }));
  }),
  'contact.update': define(schemas['contact.update'], (deps, userId, a) => contacts.updateContact(deps, userId, a.contactId, a.changes)),
  'contact.delete': define(schemas['contact.delete'], (deps, userId, a) => contacts.deleteContact(deps, userId, a.contactId)),
  'broadcast.create': define(schemas['broadcast.create'], (deps, userId, a) => broadcasts.createBroadcast(deps, userId, { ...a.broadcast, scheduledFor: undefined })),
  'broadcast.update': define(schemas['broadcast.update'], (deps, userId, a) => broadcasts.updateBroadcast(deps, userId, a.broadcastId, { ...a.changes, scheduledFor: undefined })),
  'broadcast.delete': define(schemas['broadcast.delete'], (deps, userId, a) => broadcasts.deleteBroadcast(deps, userId, a.broadcastId)),
};

/** Validates the args (AppError VALIDATION_FAILED with the pt-BR text); running it throws AppError when refused. */
export function parseMutation(name: MutationName, args: unknown): ParsedMutation {
  return parsers[name](args);
}
