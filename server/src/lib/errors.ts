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

  constructor(code: ErrorCode, status: number, message?: string, details?: Record<string, string>) {
    super(message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
