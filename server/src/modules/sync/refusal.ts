/**
 * Which errors are a mutation's own fault (recorded as its refusal, the id advances) and which are the database's
 * (retried or propagated; the client resends later and nothing is recorded against the mutation).
 */
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Failure } from './repository.ts';

/** Deadlock and serialization failures: the same transaction is likely to pass when run again. */
export const TRANSIENT = new Set(['40001', '40P01']);
/** The database or the connection failing (SQLSTATE classes 08, 53, 57, 58, XX; postgres.js connection codes). */
const INFRASTRUCTURE = /^(08|53|57|58|XX)|^CONNECT|^CONNECTION_|^ECONN/;

export const sqlState = (error: unknown): string => String(Reflect.get(Object(error), 'code') ?? '');

/** Not the mutation's fault: retry the transaction or let the push fail. */
export function isDatabaseFault(error: unknown): boolean {
  // AppError codes are ours (CONNECTION_INVALID is a refused flow edge, not a lost connection).
  if (error instanceof AppError) return false;
  const state = sqlState(error);
  return TRANSIENT.has(state) || INFRASTRUCTURE.test(state);
}

/** A refused intent keeps its pt-BR text; an unexpected error the mutation triggers becomes the generic one. */
export function refusalOf(error: unknown, logger: Logger, name: string): Failure {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (isDatabaseFault(error)) throw error;
  logger.error('mutação de sincronização falhou com erro inesperado', { name, error });
  return { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR };
}
