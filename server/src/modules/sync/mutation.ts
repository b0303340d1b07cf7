/**
 * What a module declares for each of its offline mutations on the server (modules/<m>/mutations.ts): the service call
 * its REST route makes, so an offline edit and an online one go through the same checks and the same write, and the
 * traits the push's chunking reads (apply-chunk.ts, supersede.ts). Its args schema is the shared one
 * (shared/<feature>/mutations.ts); the registry (mutations.ts) lists every module's.
 */
import type { MutationName, ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { Queryable } from '../../db/client.ts';
import type { Actor } from '../../http/auth-guard.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { MessagesDeps } from '../messages/service.ts';
import type { FieldTarget } from './field-guard.ts';

/** What a service needs, with `sql` being the mutation's transaction and `runtime` the after-commit facade. */
export type MutationDeps = {
  sql: Queryable;
  runtime: BotRuntime;
  encryptionKey: Uint8Array;
  /** The inbox outside the transaction (pool, real runtime): what runs after the commit uses it. */
  inbox: MessagesDeps;
  /** The member whose push runs the mutation (who sent a reply, wrote a note); absent outside a signed-in push. */
  actor?: Actor;
  /** Runs `run` once the mutation's transaction committed; dropped when it rolls back. */
  afterCommit(label: string, run: () => Promise<unknown>): void;
};

/** A plain overwrite (supersede.ts): `key` names the row and what of it is overwritten, `fields` the columns. */
export type Overwrite = { key: string; fields: readonly string[] };

export type ServerMutation<N extends MutationName> = {
  /** The mutation's write, through the service; throws AppError when refused. */
  run(deps: MutationDeps, userId: string, args: ParsedMutationArgs<N>): Promise<unknown>;
  /**
   * The service opens a savepoint of its own (inTransaction), which nests the rest of the chunk one subtransaction
   * deeper: the chunk counts them (apply-chunk.ts).
   */
  savepoint?: true;
  /** When these args make a plain overwrite of one row's fields, which (a later one of the same key may stand in for it). */
  overwrites?(args: ParsedMutationArgs<N>): Overwrite | undefined;
  /**
   * Between a skipped overwrite and its stand-in, this mutation reads and writes none of its fields, leaves alone
   * whether its row is the user's, and opens no savepoint: always (`true`), or when the check says so. Absent: it
   * may touch anything, and no write before it is skipped.
   */
  unrelated?: true | ((write: Overwrite, args: ParsedMutationArgs<N>) => boolean);
  /**
   * It writes plain fields of one cached row (shared/sync/fields.ts), guarded against overwriting another device's
   * newer edit (field-guard.ts): `target` names the row, `keep` answers the args with `values` (field → the server's
   * value) in place of what they would write.
   */
  fields?: {
    target(args: ParsedMutationArgs<N>): FieldTarget;
    keep(args: ParsedMutationArgs<N>, values: Record<string, unknown>): ParsedMutationArgs<N>;
  };
};

/** The declarations of some mutations (one module's), each typed by its name. */
export type ServerMutationsOf<K extends MutationName> = { [N in K]: ServerMutation<N> };

export type ServerMutations = ServerMutationsOf<MutationName>;
