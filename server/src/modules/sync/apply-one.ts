/**
 * One mutation, one transaction (guide/offline-sync.md rule 4): claim its id for (user, client), run the intent in
 * a savepoint, commit both together. The id advances whether the intent was applied or refused, so a bad mutation
 * never jams the queue; a refused intent leaves nothing behind (its savepoint rolled back) but its pt-BR reason.
 * Transient database errors (deadlock, serialization) retry the whole transaction; infrastructure errors propagate
 * and the client resends the batch later, when the ids already done answer alreadyApplied.
 */
import type { MutationEnvelope, MutationResult } from '../../../../shared/sync/protocol.ts';
import { isMutationName } from '../../../../shared/sync/mutations.ts';
import { ERROR_MESSAGES } from '../../../../shared/errors/codes.ts';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../telegram/bot-runtime.ts';
import { afterCommit } from './after-commit.ts';
import { applyMutation, type MutationDeps } from './appliers.ts';
import * as repo from './repository.ts';

export type SyncDeps = Omit<MutationDeps, 'sql'> & { sql: Sql; runtime: BotRuntime; logger: Logger };

export type Outcome = { result: MutationResult; lastMutationId: number };

const MAX_ATTEMPTS = 4;
const RETRYABLE = new Set(['40001', '40P01']);
/** Errors of the database or the connection, not of the mutation: never recorded as the mutation's fault. */
const INFRASTRUCTURE = /^(08|53|57|58|XX)|^CONNECT|^CONNECTION_|^ECONN/;

const sqlState = (error: unknown): string => String(Reflect.get(Object(error), 'code') ?? '');

export async function applyOne(deps: SyncDeps, userId: string, envelope: MutationEnvelope): Promise<Outcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce(deps, userId, envelope);
    } catch (error) {
      if (!RETRYABLE.has(sqlState(error)) || attempt >= MAX_ATTEMPTS) throw error;
      deps.logger.warn('mutação repetida após conflito no banco', { code: sqlState(error), attempt });
    }
  }
}

async function attemptOnce(deps: SyncDeps, userId: string, envelope: MutationEnvelope): Promise<Outcome> {
  const { clientId, mutationId: id, name } = envelope;
  const effects = afterCommit(deps.runtime);
  const outcome = await deps.sql.begin(async (tx): Promise<Outcome> => {
    if (!(await repo.claimMutation(tx, userId, clientId, id))) {
      const last = await repo.lastMutationId(tx, userId, clientId);
      if (id > last + 1) return { result: { mutationId: id, status: 'gap' }, lastMutationId: last };
      const failure = (await repo.findFailures(tx, userId, clientId, [id])).get(id);
      return { result: resentResult(id, failure), lastMutationId: last };
    }
    try {
      if (!isMutationName(name)) throw new AppError('VALIDATION_FAILED', 400, 'Alteração desconhecida');
      await inTransaction(tx, (savepoint) => applyMutation(name, { ...deps, sql: savepoint, runtime: effects.runtime }, userId, envelope.args));
      return { result: { mutationId: id, status: 'applied' }, lastMutationId: id };
    } catch (error) {
      effects.discard();
      const failure = refusal(error, deps.logger, name);
      await repo.recordFailure(tx, userId, clientId, id, name, failure);
      return { result: { mutationId: id, status: 'failed', ...failure }, lastMutationId: id };
    }
  });
  if (outcome.result.status === 'applied') await effects.run(deps.logger);
  return outcome;
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
