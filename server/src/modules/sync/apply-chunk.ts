/**
 * Applies consecutive mutations of one client in ONE transaction (docs/offline-sync.md#rule-4). The user's push
 * lock and the client's row are taken first, so pushes of one user take turns and an id is processed once; every
 * mutation's effects and the advanced last id commit together, so each mutation happens exactly once. A refused
 * intent leaves none of its writes behind, records its pt-BR reason, and its id still advances, so a bad mutation
 * never jams the queue.
 *
 * Why several mutations per transaction: a commit waits for the disk and costs BEGIN/COMMIT round trips, so one
 * transaction per mutation would cap a client's replay at the disk's flush rate (docs/decisions.md#p-sync-server).
 * A chunk is bounded (CHUNK_MAX, CHUNK_BUDGET_MS) because it holds row locks, and on the embedded database the only
 * connection.
 *
 * Why no savepoint per mutation: each costs a round trip, and more than 64 subtransactions in one transaction
 * overflow PostgreSQL's per-backend cache and slow every concurrent snapshot. Mutations run directly; when one is
 * refused after it may have written (args already passed validation), the chunk is rolled back and redone up to
 * and including that mutation, which then runs inside a savepoint so its own writes can be undone alone. Each
 * refusal costs one redo of the mutations before it in its chunk.
 *
 * Transient database errors (deadlock, serialization) retry the chunk; infrastructure errors propagate and the
 * client resends the batch later, when everything already committed answers alreadyApplied.
 */
import type { FieldConflict, MutationEnvelope, MutationResult } from '@shared/sync/protocol.ts';
import { isMutationName } from '@shared/sync/mutations.ts';
import type { Queryable, Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { recordMutationAudit } from '../audit/mutation-audit.ts';
import type { Pusher } from '../audit/mutation-audit.ts';
import { afterCommit, type AfterCommit } from './after-commit.ts';
import type { MutationDeps } from './mutation.ts';
import { opensSavepoint, prepareMutation, type PreparedMutation } from './mutations.ts';
import { isDatabaseFault, refusalOf, sqlState, TRANSIENT } from './refusal.ts';
import * as repo from './repository.ts';
import type { Failure } from './repository.ts';
import { supersededKey } from './supersede.ts';
import { CONFLICT, groupBase, runGuarded, type Base } from './field-guard.ts';

export type SyncDeps = Omit<MutationDeps, 'sql' | 'afterCommit'> & {
  sql: Sql;
  runtime: BotRuntime;
  logger: Logger;
  /** Tells the user's other devices (every instance's event streams) that a push of `clientId` committed changes. */
  announceSync?: (userId: string, clientId: string) => void;
};

export type ChunkOutcome = { results: MutationResult[]; lastMutationId: number; gap: boolean };

const ANYONE: Pusher = { allowed: () => true, actorId: null, origin: { clientAddress: null, userAgent: null } };

const CHUNK_MAX = 100;
const CHUNK_BUDGET_MS = 50;
/**
 * Mutations declared `savepoint` open one of their own (inTransaction), and postgres.js never releases savepoints, so
 * each one nests the rest of the chunk one subtransaction deeper. Past 64 the chunk would overflow the subtransaction
 * cache (see above): the chunk ends before that.
 */
const SAVEPOINTS_MAX = 48;
const MAX_TRANSIENT_RETRIES = 3;

/**
 * A mutation was refused after it ran without a savepoint: redo the chunk up to it, guarded. `unskip`: it was a save
 * that stood in for earlier ones (supersede.ts): redo the chunk with every save written instead.
 */
class RedoChunk extends Error {
  constructor(readonly index: number, readonly unskip = false) {
    super('redo chunk');
  }
}

type Plan = { limit: number; guarded: Set<number>; skipSaves: boolean };

/** A mutation's args checked once: the look-ahead for superseded saves (supersede.ts) and the run share it. */
type Parsed = { mutation: PreparedMutation } | { refusal: Failure };

/** Processes a prefix of `envelopes` (at least one); `results` says how many. */
export async function applyChunk(deps: SyncDeps, userId: string, clientId: string, envelopes: MutationEnvelope[], pusher: Pusher = ANYONE): Promise<ChunkOutcome> {
  const plan: Plan = { limit: CHUNK_MAX, guarded: new Set(), skipSaves: true };
  let transient = 0;
  for (;;) {
    const effects: AfterCommit[] = [];
    try {
      // eslint-disable-next-line no-restricted-syntax -- the push owns its top-level transaction (retried whole on a serialization failure); begin runs no SQL of its own
      const outcome = await deps.sql.begin((tx) => runChunk(deps, tx, { userId, clientId, pusher }, envelopes, plan, effects));
      // Once per chunk, not per mutation (each call is a NOTIFY to the other instances): the engine's graph cache
      // compares this generation, so the committed edits take effect on the next update.
      if (effects.length > 0) deps.runtime.flowsChanged();
      const done = new Set<string>();
      for (const effect of effects) await effect.run(deps.logger, done);
      return outcome;
    } catch (error) {
      if (error instanceof RedoChunk && error.unskip) {
        plan.skipSaves = false;
        continue;
      }
      if (error instanceof RedoChunk) {
        plan.limit = error.index + 1;
        plan.guarded.add(error.index);
        continue;
      }
      if (!TRANSIENT.has(sqlState(error)) || ++transient > MAX_TRANSIENT_RETRIES) throw error;
      deps.logger.warn('lote de sincronização repetido após conflito no banco', { code: sqlState(error), attempt: transient });
    }
  }
}

async function runChunk(
  deps: SyncDeps,
  tx: Queryable,
  { userId, clientId, pusher }: { userId: string; clientId: string; pusher: Pusher },
  envelopes: MutationEnvelope[],
  plan: Plan,
  effects: AfterCommit[],
): Promise<ChunkOutcome> {
  const started = performance.now();
  await repo.lockUserPushes(tx, userId);
  const first = await repo.lockClient(tx, userId, clientId);
  let last = first;
  let gap = false;
  const results: MutationResult[] = [];
  let savepoints = plan.guarded.size;
  const parsed = new Map<number, Parsed>();
  const parse = (index: number): Parsed => {
    let entry = parsed.get(index);
    if (!entry) {
      entry = parseEnvelope(deps, envelopes[index], pusher.allowed);
      parsed.set(index, entry);
    }
    return entry;
  };
  // Skipped writes by overwrite key, waiting for the stand-in that answers for them (supersede.ts).
  const waiting = new Map<string, number[]>();
  for (const [index, envelope] of envelopes.entries()) {
    if (index >= plan.limit) break;
    // A skipped write's stand-in must run in this chunk: the budget ends a chunk only when none is waiting.
    if (waiting.size === 0 && index > 0 && performance.now() - started > CHUNK_BUDGET_MS) break;
    if (isMutationName(envelope.name) && opensSavepoint(envelope.name)) savepoints += 1;
    if (waiting.size === 0 && index > 0 && savepoints > SAVEPOINTS_MAX) break;
    const id = envelope.mutationId;
    if (gap || id > last + 1) {
      gap = true;
      results.push({ mutationId: id, status: 'gap' });
      continue;
    }
    if (id <= last) {
      results.push(repo.answerOf(id, (await repo.findFailures(tx, userId, clientId, [id])).get(id), 'alreadyApplied'));
      continue;
    }
    last = id;
    const own = parse(index);
    const key = plan.skipSaves && 'mutation' in own ? supersededKey(envelopes, index, plan.limit, (at) => preparedOf(parse(at))) : undefined;
    if (key !== undefined) {
      waiting.set(key, [...(waiting.get(key) ?? []), results.length]);
      results.push({ mutationId: id, status: 'applied' }); // as its stand-in, or the chunk is redone
      continue;
    }
    const ownKey = preparedOf(own)?.overwrite?.key ?? '';
    const stoodIn = waiting.get(ownKey) ?? [];
    waiting.delete(ownKey);
    let failure: Failure | undefined;
    try {
      const run: Run = { clientId, base: groupBase(envelopes, [...stoodIn, index]), guarded: plan.guarded.has(index), index, pusher };
      failure = 'refusal' in own ? own.refusal : await runOne(deps, tx, userId, own.mutation, envelope.name, run, effects);
    } catch (error) {
      if (error instanceof RedoChunk && stoodIn.length > 0) throw new RedoChunk(index, true);
      throw error;
    }
    if (failure && !failure.conflicts && stoodIn.length > 0) throw new RedoChunk(index, true);
    if (failure) await repo.recordFailure(tx, userId, clientId, id, envelope.name, failure);
    results.push(repo.answerOf(id, failure, 'applied'));
  }
  if (last !== first) await repo.setLastMutationId(tx, userId, clientId, last);
  return { results, lastMutationId: last, gap };
}

const preparedOf = (parsed: Parsed): PreparedMutation | undefined => ('mutation' in parsed ? parsed.mutation : undefined);

function parseEnvelope(deps: SyncDeps, envelope: MutationEnvelope | undefined, allowed: (name: string) => boolean): Parsed {
  try {
    if (!envelope || !isMutationName(envelope.name)) throw new AppError('VALIDATION_FAILED', 400, 'Alteração desconhecida');
    if (!allowed(envelope.name)) throw new AppError('ROLE_FORBIDDEN', 403);
    return { mutation: prepareMutation(envelope.name, envelope.args) };
  } catch (error) {
    // Refused before touching the database: nothing to undo.
    return { refusal: refusalOf(error, deps.logger, envelope?.name ?? '') };
  }
}

/** How one mutation runs: its client, its base (field-guard.ts), inside a savepoint of its own or not, its place. */
type Run = { clientId: string; base: Base | undefined; guarded: boolean; index: number; pusher: Pusher };

/** Answers the refusal or the conflicts, or undefined when applied. */
async function runOne(deps: SyncDeps, tx: Queryable, userId: string, mutation: PreparedMutation, name: string, run: Run, effects: AfterCommit[]) {
  const effect = afterCommit(deps.runtime);
  let conflicts: FieldConflict[] = [];
  // Its audit line is written with it (the same transaction or savepoint): undone with it, never twice.
  const write = async (sql: Queryable) => {
    await recordMutationAudit(sql, userId, run.pusher, mutation.audit, async () => {
      conflicts = await runGuarded(sql, userId, run.clientId, mutation, run.base, (chosen) => chosen.run({ ...deps, sql, runtime: effect.runtime, afterCommit: effect.later }, userId));
    });
  };
  try {
    if (run.guarded) await inTransaction(tx, write);
    else await write(tx);
  } catch (error) {
    if (isDatabaseFault(error)) throw error;
    if (!run.guarded) throw new RedoChunk(run.index);
    return refusalOf(error, deps.logger, name);
  }
  effects.push(effect);
  return conflicts.length > 0 ? { ...CONFLICT, conflicts } : undefined;
}
