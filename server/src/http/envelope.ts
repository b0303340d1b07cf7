import { ERROR_MESSAGES, type ErrorCode } from '@shared/errors/codes.ts';
import type { FailureEnvelope } from '@shared/api/envelope.ts';

/** Success body of docs/decisions.md#d-api-conventions. */
export const ok = <T>(data: T) => ({ success: true as const, data });

export function failureBody(code: ErrorCode, message?: string, details?: Record<string, string>): FailureEnvelope {
  return {
    success: false,
    code,
    message: message ?? ERROR_MESSAGES[code],
    ...(details ? { details } : {}),
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
