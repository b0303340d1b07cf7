/**
 * One local "apply" per named mutation: the same function writes the optimistic state at enqueue time and again
 * during every rebase after a pull.
 */
import { isMutationName, mutationArgsSchemas, type MutationName, type ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import type { MutationWriter } from '../writer.ts';
import { applyBotDelete, applyBotSetActive, applyBotSetBroadcastRate, applyWelcomeSave } from './bots.ts';
import { applyFlowCreate, applyFlowDelete, applyFlowSetEnabled, applyFlowUpdate } from './flows.ts';
import {
  applyConnectionCreate,
  applyConnectionDelete,
  applyNodeCreate,
  applyNodeDelete,
  applyNodeSavePositions,
  applyNodeUpdate,
} from './graph.ts';
import { applyConversationMarkRead, applyMessageSend } from './messages.ts';
import { applyContactDelete, applyContactUpdate } from './contacts.ts';
import { applyBroadcastCreate, applyBroadcastDelete, applyBroadcastUpdate } from './broadcasts.ts';
import type { ApplyFn, ApplyTable } from './types.ts';

export const APPLY: ApplyTable = {
  'bot.setActive': applyBotSetActive,
  'bot.setBroadcastRate': applyBotSetBroadcastRate,
  'bot.delete': applyBotDelete,
  'welcome.save': applyWelcomeSave,
  'flow.create': applyFlowCreate,
  'flow.update': applyFlowUpdate,
  'flow.setEnabled': applyFlowSetEnabled,
  'flow.delete': applyFlowDelete,
  'node.create': applyNodeCreate,
  'node.update': applyNodeUpdate,
  'node.savePositions': applyNodeSavePositions,
  'node.delete': applyNodeDelete,
  'connection.create': applyConnectionCreate,
  'connection.delete': applyConnectionDelete,
  'message.send': applyMessageSend,
  'conversation.markRead': applyConversationMarkRead,
  'contact.update': applyContactUpdate,
  'contact.delete': applyContactDelete,
  'broadcast.create': applyBroadcastCreate,
  'broadcast.update': applyBroadcastUpdate,
  'broadcast.delete': applyBroadcastDelete,
};

/**
 * Applies a queued envelope. Args were validated before enqueueing; they are parsed again because the stored
 * envelope may come from an older app version. Invalid args apply nothing (the server will refuse them too).
 */
export async function applyEnvelope(writer: MutationWriter, envelope: Pick<MutationEnvelope, 'name' | 'args' | 'createdAt'>): Promise<void> {
  if (isMutationName(envelope.name)) await dispatch(envelope.name, writer, envelope.args, envelope.createdAt);
}

async function dispatch<N extends MutationName>(name: N, writer: MutationWriter, args: unknown, at: string) {
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) return;
  // TypeScript cannot correlate the schema picked by `name` with APPLY[name]; both are keyed by the same N.
  const apply = APPLY[name] as ApplyFn<N>;
  await apply(writer, parsed.data as ParsedMutationArgs<N>, at);
}
