/** Queues editor mutations through the offline layer, one after another, keeping each one's args typed by its name. */
import type { MutationArgs, MutationName } from '../../../../../shared/sync/mutations.ts';
import type { useMutate } from '../../../offline/hooks.ts';
import type { QueuedMutation } from './action-mutations.ts';

export type Mutate = ReturnType<typeof useMutate>;
/** Lets TypeScript check one queued mutation's args against its name. */
const send = <N extends MutationName>(mutate: Mutate, mutation: { name: N; args: MutationArgs<N> }) => mutate(mutation.name, mutation.args);

/**
 * Queues mutations in order; answers their ids, or null as soon as one could not be stored on the device (the
 * offline layer already said why). Throws when one is invalid.
 */
export async function queueAll(mutate: Mutate, mutations: QueuedMutation[]): Promise<number[] | null> {
  const ids: number[] = [];
  for (const mutation of mutations) {
    const envelope = await send(mutate, mutation);
    if (!envelope) return null;
    ids.push(envelope.mutationId);
  }
  return ids;
}
