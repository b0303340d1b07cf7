/**
 * What a feature declares for each of its offline mutations on the client (client/src/features/<f>/offline-mutations.ts):
 * its local apply and the pt-BR texts that name it to the user. Its args schema is the shared one
 * (shared/<feature>/mutations.ts); the app's registry (client/src/offline-mutations.ts) lists every feature's.
 */
import type { MutationName, ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { MutationWriter } from '../writer.ts';

/**
 * The local, optimistic effect of one named mutation. Deterministic from (current rows, args, the envelope's
 * createdAt) because a rebase runs it again; a target that is missing locally is skipped, not an error: the server
 * decides, and a refusal comes back through the rejected list.
 */
export type ApplyFn<N extends MutationName> = (writer: MutationWriter, args: ParsedMutationArgs<N>, at: string) => Promise<void>;

/** A pt-BR text, or one that depends on the args (`undefined` when the stored args no longer parse). */
export type MutationText<N extends MutationName> = string | ((args: ParsedMutationArgs<N> | undefined) => string);

export type ClientMutation<N extends MutationName> = {
  apply: ApplyFn<N>;
  /** How the queued change is named to the user (pending and rejected lists). */
  label: MutationText<N>;
  /** The failure toast of the write (docs/product.md#toasts), shown when the server refuses the queued change. */
  refusalTitle: MutationText<N>;
};

/** The declarations of some mutations (one feature's), each typed by its name. */
export type ClientMutationsOf<K extends MutationName> = { [N in K]: ClientMutation<N> };

/** Every mutation's declaration: what the app registers. */
export type ClientMutations = ClientMutationsOf<MutationName>;
