/**
 * The error answers of a route: those every route of its kind may give (authentication, role, a missing resource,
 * bad input, a server fault) and the route's own (route table), grouped by status with each code's pt-BR text.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@shared/errors/codes.ts';
import { ERROR_STATUSES } from './error-statuses.ts';
import type { TableRoute } from './route-table/index.ts';

export function routeErrors(route: TableRoute): Map<number, ErrorCode[]> {
  const codes: (ErrorCode | readonly [ErrorCode, number])[] = [];
  if (route.body || route.query) codes.push('VALIDATION_FAILED');
  if (route.body) codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE');
  if (!route.public) codes.push('UNAUTHENTICATED', 'TOKEN_EXPIRED', 'ROLE_FORBIDDEN', 'NOT_A_MEMBER');
  if (route.path.includes('/:')) codes.push('NOT_FOUND');
  codes.push(...(route.errors ?? []), 'INTERNAL_ERROR');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const entry of codes) {
    const [code, status] = typeof entry === 'string' ? [entry, ERROR_STATUSES[entry]] : entry;
    const listed = byStatus.get(status) ?? [];
    if (!listed.includes(code)) byStatus.set(status, [...listed, code]);
  }
  return byStatus;
}

/** One OpenAPI response object: the failure envelope, the codes it may carry, one example per code. */
export function errorResponse(codes: ErrorCode[]) {
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_MESSAGES[code]}`).join('\n\n'),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Falha' },
        examples: Object.fromEntries(codes.map((code) => [code, { summary: ERROR_MESSAGES[code], value: { success: false, code, message: ERROR_MESSAGES[code] } }])),
      },
    },
  };
}
