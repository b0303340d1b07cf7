/** Queues the mutations of one editor action through the offline layer, atomically and in order. */
import type { useMutateAll } from '../../../offline/hooks.ts';
import type { QueuedMutation } from './action-mutations.ts';

export type MutateAll = ReturnType<typeof useMutateAll>;

/**
 * Answers the ids of the queued mutations, or null when the device could not store them (the offline layer already
 * said why; nothing of the action was stored). Throws when one is invalid.
 */
export async function queueAll(mutateAll: MutateAll, mutations: QueuedMutation[]): Promise<number[] | null> {
  if (mutations.length === 0) return [];
  const envelopes = await mutateAll(mutations);
  return envelopes ? envelopes.map((envelope) => envelope.mutationId) : null;
}
