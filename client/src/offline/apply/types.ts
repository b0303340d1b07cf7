import type { MutationName, ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { MutationWriter } from '../writer.ts';

/**
 * The local, optimistic effect of one named mutation. Deterministic from (current rows, args, the envelope's
 * createdAt) because a rebase runs it again; a target that is missing locally is skipped, not an error: the server
 * decides, and a refusal comes back through the rejected list.
 */
export type ApplyFn<N extends MutationName> = (writer: MutationWriter, args: ParsedMutationArgs<N>, at: string) => Promise<void>;

export type ApplyTable = { [N in MutationName]: ApplyFn<N> };
