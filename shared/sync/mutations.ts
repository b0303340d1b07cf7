/**
 * The named mutations of the offline outbox (docs/offline-sync.md#rule-3): each describes an intent, not a row
 * image, so the server re-runs it against current state through the same service the REST route uses. Each feature
 * declares its mutations' args beside its schemas (shared/<feature>/mutations.ts); this registry only lists them.
 * The client validates args with these schemas before enqueueing; the server validates them again before applying.
 */
import type { z } from 'zod';
import { botMutationArgs } from '../bots/mutations.ts';
import { broadcastMutationArgs } from '../broadcasts/mutations.ts';
import { contactMutationArgs } from '../contacts/mutations.ts';
import { labelMutationArgs } from '../labels/mutations.ts';
import { graphMutationArgs } from '../flows/graph-mutations.ts';
import { flowMutationArgs } from '../flows/mutations.ts';
import { assignmentMutationArgs } from '../messages/assignment-mutations.ts';
import { messageMutationArgs } from '../messages/mutations.ts';
import { noteMutationArgs } from '../notes/mutations.ts';
import { welcomeMutationArgs } from '../welcome/mutations.ts';

export const mutationArgsSchemas = {
  ...botMutationArgs,
  ...welcomeMutationArgs,
  ...flowMutationArgs,
  ...graphMutationArgs,
  ...messageMutationArgs,
  ...noteMutationArgs,
  ...assignmentMutationArgs,
  ...contactMutationArgs,
  ...broadcastMutationArgs,
  ...labelMutationArgs,
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof mutationArgsSchemas)[N]>;
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof mutationArgsSchemas)[N]>;

export const isMutationName = (name: string): name is MutationName => Object.hasOwn(mutationArgsSchemas, name);
