/**
 * The server's registry of offline mutations: one line per module, each module declaring its mutations beside its
 * service (modules/<m>/mutations.ts). Its type demands a declaration for every name of shared/sync/mutations.ts.
 * Args are validated again here with the shared schema: the client's check is a convenience, not a guarantee.
 */
import { mutationArgsSchemas, type MutationName, type ParsedMutationArgs } from '@shared/sync/mutations.ts';
import { parseInput } from '../../http/validate.ts';
import { auditOfMutation, type MutationAudit } from '../audit/audited-mutations.ts';
import { botMutations } from '../bots/mutations.ts';
import { broadcastMutations } from '../broadcasts/mutations.ts';
import { contactMutations } from '../contacts/mutations.ts';
import { graphMutations } from '../flows/graph-mutations.ts';
import { flowMutations } from '../flows/mutations.ts';
import { labelMutations } from '../labels/mutations.ts';
import { assignmentMutations } from '../messages/assignment-mutations.ts';
import { messageMutations } from '../messages/mutations.ts';
import { noteMutations } from '../notes/mutations.ts';
import { welcomeMutations } from '../welcome/mutations.ts';
import type { FieldTarget } from './field-guard.ts';
import type { MutationDeps, Overwrite, ServerMutations } from './mutation.ts';

export const SERVER_MUTATIONS: ServerMutations = {
  ...botMutations,
  ...welcomeMutations,
  ...flowMutations,
  ...graphMutations,
  ...messageMutations,
  ...noteMutations,
  ...assignmentMutations,
  ...contactMutations,
  ...broadcastMutations,
  ...labelMutations,
};

/** A mutation whose args passed validation, ready to run against a transaction, with its traits worked out. */
export type PreparedMutation = {
  run(deps: MutationDeps, userId: string): Promise<unknown>;
  /** What it overwrites, when it is a plain overwrite (supersede.ts). */
  overwrite: Overwrite | undefined;
  /** Whether it leaves `write`, a skipped overwrite before it, alone (supersede.ts). */
  leavesAlone(write: Overwrite): boolean;
  /** The row whose plain fields it writes, when it does (field-guard.ts). */
  target: FieldTarget | undefined;
  /** The same mutation writing `values` (field → the server's value) in place of its own. */
  keeping(values: Record<string, unknown>): PreparedMutation;
  /** The audit line it leaves when it applies (audit/audited-mutations.ts). */
  audit: MutationAudit | undefined;
};

/** Does the mutation open a savepoint of its own (apply-chunk.ts counts them)? Known from its name alone. */
export const opensSavepoint = (name: MutationName): boolean => SERVER_MUTATIONS[name].savepoint === true;

/** Validates the args (AppError VALIDATION_FAILED with the pt-BR text); running it throws AppError when refused. */
export function prepareMutation<N extends MutationName>(name: N, input: unknown): PreparedMutation {
  // TypeScript cannot correlate the schema picked by `name` with the declaration's args; both are keyed by the same N.
  const args = parseInput(mutationArgsSchemas[name], input) as ParsedMutationArgs<N>;
  return prepared(SERVER_MUTATIONS[name], args, auditOfMutation(name, args));
}

function prepared<N extends MutationName>(declaration: ServerMutations[N], args: ParsedMutationArgs<N>, audit: MutationAudit | undefined): PreparedMutation {
  const { unrelated, fields } = declaration;
  return {
    run: (deps, userId) => declaration.run(deps, userId, args),
    overwrite: declaration.overwrites?.(args),
    leavesAlone: (write) => (typeof unrelated === 'function' ? unrelated(write, args) : unrelated === true),
    target: fields?.target(args),
    keeping: (values) => prepared(declaration, fields ? fields.keep(args, values) : args, audit),
    audit,
  };
}
