import { ERROR_MESSAGES, type ErrorCode } from '@shared/errors/codes.ts';

/**
 * The one error type services throw. The HTTP error handler turns it into the failure envelope of
 * docs/decisions.md#d-api-conventions; the message defaults to the shared pt-BR text of the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, string> | undefined;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, status: number, message?: string, details?: Record<string, string>, headers?: Record<string, string>) {
    super(message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);

const INVALID_ID = 'Identificador inválido';
/**
 * A client-chosen id that cannot be used because a row already has it, whoever owns that row: the very answer a
 * malformed id gets (400, same code and text), so a refusal never tells a caller that some other account holds it.
 */
export const unusableId = () => new AppError('VALIDATION_FAILED', 400, INVALID_ID, { id: INVALID_ID });
