/**
 * Applies consecutive mutations of one client in ONE transaction, each in its own savepoint (guide/offline-sync.md
 * rule 4): the client's row is locked first, so concurrent pushes of the same client take turns; every mutation's
 * effects and the advanced last id commit together, so each mutation happens exactly once. A refused intent rolls
 * back to its savepoint (none of its writes stay), records its pt-BR reason, and the id still advances, so a bad
 * mutation never jams the queue.
 *
 * Why several mutations per transaction and not one each: a commit waits for the disk (~0.3 ms here) and each
 * transaction costs its own BEGIN/claim/COMMIT round trips, which capped one client at ~450 mutations/s on
 * PostgreSQL. A chunk is bounded (CHUNK_MAX mutations, CHUNK_BUDGET_MS) because its transaction holds row locks,
 * and on the embedded database it holds the only connection: the bot runtime waits behind it.
 *
 * Transient database errors (deadlock, serialization) retry the whole chunk; infrastructure errors propagate and the
 * client resends the batch later, when everything already committed answers alreadyApplied.
 */
import type { MutationEnvelope, MutationResult } from '../../../../shared/sync/protocol.ts';
import { isMutationName } from '../../../../shared/sync/mutations.ts';
import { ERROR_MESSAGES } from '../../../../shared/errors/codes.ts';
import type { Queryable, Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../telegram/bot-runtime.ts';
import { afterCommit, type AfterCommit } from './after-commit.ts';
import { applyMutation, type MutationDeps } from './appliers.ts';
import * as repo from './repository.ts';

export type SyncDeps = Omit<MutationDeps, 'sql'> & { sql: Sql; runtime: BotRuntime; logger: Logger };

export type ChunkOutcome = { results: MutationResult[]; lastMutationId: number; gap: boolean };

const CHUNK_MAX = 100;
const CHUNK_BUDGET_MS = 50;
const MAX_ATTEMPTS = 4;
const RETRYABLE = new Set(['40001', '40P01']);
/** Errors of the database or the connection, not of the mutation: never recorded as the mutation's fault. */
const INFRASTRUCTURE = /^(08|53|57|58|XX)|^CONNECT|^CONNECTION_|^ECONN/;

const sqlState = (error: unknown): string => String(Reflect.get(Object(error), 'code') ?? '');

/** Processes a prefix of `envelopes` (at least one); `results` says how many. */
export async function applyChunk(deps: SyncDeps, userId: string, clientId: string, envelopes: MutationEnvelope[]): Promise<ChunkOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const effects: AfterCommit[] = [];
    try {
      const outcome = await deps.sql.begin((tx) => runChunk(deps, tx, userId, clientId, envelopes, effects));
      for (const effect of effects) await effect.run(deps.logger);
      return outcome;
    } catch (error) {
      if (!RETRYABLE.has(sqlState(error)) || attempt >= MAX_ATTEMPTS) throw error;
      deps.logger.warn('lote de sincronização repetido após conflito no banco', { code: sqlState(error), attempt });
    }
  }
}

async function runChunk(deps: SyncDeps, tx: Queryable, userId: string, clientId: string, envelopes: MutationEnvelope[], effects: AfterCommit[]) {
  const started = performance.now();
  const first = await repo.lockClient(tx, userId, clientId);
  let last = first;
  let gap = false;
  const results: MutationResult[] = [];
  for (const envelope of envelopes) {
    if (results.length > 0 && (results.length >= CHUNK_MAX || performance.now() - started > CHUNK_BUDGET_MS)) break;
    const id = envelope.mutationId;
    if (gap || id > last + 1) {
      gap = true;
      results.push({ mutationId: id, status: 'gap' });
    } else if (id <= last) {
      results.push(resentResult(id, (await repo.findFailures(tx, userId, clientId, [id])).get(id)));
    } else {
      const effect = afterCommit(deps.runtime);
      results.push(await applyInSavepoint(deps, tx, userId, envelope, effect));
      if (results.at(-1)?.status === 'applied') effects.push(effect);
      last = id;
    }
  }
  if (last !== first) await repo.setLastMutationId(tx, userId, clientId, last);
  return { results, lastMutationId: last, gap };
}

async function applyInSavepoint(deps: SyncDeps, tx: Queryable, userId: string, envelope: MutationEnvelope, effect: AfterCommit): Promise<MutationResult> {
  const { mutationId: id, name } = envelope;
  try {
    if (!isMutationName(name)) throw new AppError('VALIDATION_FAILED', 400, 'Alteração desconhecida');
    await inTransaction(tx, (savepoint) => applyMutation(name, { ...deps, sql: savepoint, runtime: effect.runtime }, userId, envelope.args));
    return { mutationId: id, status: 'applied' };
  } catch (error) {
    const failure = refusal(error, deps.logger, name);
    await repo.recordFailure(tx, userId, envelope.clientId, id, name, failure);
    return { mutationId: id, status: 'failed', ...failure };
  }
}

export function resentResult(id: number, failure: repo.Failure | undefined): MutationResult {
  return failure ? { mutationId: id, status: 'failed', ...failure } : { mutationId: id, status: 'alreadyApplied' };
}

/** The mutation's own fault (refused intent, or a bug it triggers) becomes its recorded reason; the rest propagates. */
function refusal(error: unknown, logger: Logger, name: string): repo.Failure {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const state = sqlState(error);
  if (RETRYABLE.has(state) || INFRASTRUCTURE.test(state)) throw error;
  logger.error('mutação de sincronização falhou com erro inesperado', { name, error });
  return { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR };
}
