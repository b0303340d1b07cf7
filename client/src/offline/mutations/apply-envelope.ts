/**
 * Applies a queued envelope through its declaration: the same function writes the optimistic state at enqueue time
 * and again during every rebase after a pull.
 */
import { isMutationName, mutationArgsSchemas, type MutationName, type ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import type { MutationWriter } from '../writer.ts';
import { clientMutation } from './registry.ts';

/**
 * Args were validated before enqueueing; they are parsed again because the stored envelope may come from an older
 * app version. Invalid args apply nothing (the server will refuse them too).
 */
export async function applyEnvelope(writer: MutationWriter, envelope: Pick<MutationEnvelope, 'name' | 'args' | 'createdAt'>): Promise<void> {
  if (isMutationName(envelope.name)) await dispatch(envelope.name, writer, envelope.args, envelope.createdAt);
}

async function dispatch<N extends MutationName>(name: N, writer: MutationWriter, args: unknown, at: string) {
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) return;
  // TypeScript cannot correlate the schema picked by `name` with the declaration's args; both are keyed by the same N.
  await clientMutation(name).apply(writer, parsed.data as ParsedMutationArgs<N>, at);
}
