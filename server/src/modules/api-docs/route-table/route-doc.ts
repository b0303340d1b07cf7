/** The shape of a line of the route table (route-table/index.ts): what the OpenAPI document says of one route. */
import type { z } from 'zod';
import type { ErrorCode } from '@shared/errors/codes.ts';

export type RouteDoc = {
  /** pt-BR, one line: what the operation does. */
  summary: string;
  description?: string;
  /** No authentication: the route's own credential (a link, a signature) or none. */
  public?: true;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The whole success body, envelope included; absent → a generic `{ success: true, data }`. */
  answer?: z.ZodType;
  /** The success status when not 200. */
  status?: 201 | 202 | 204;
  /** A download or stream instead of the JSON envelope. */
  media?: 'text/csv' | 'application/javascript' | 'text/event-stream' | 'application/octet-stream' | 'attachment/json';
  /**
   * Errors of this route besides the ones every route of its kind may answer (route-errors.ts); a pair when the
   * route answers the code with another status than its usual one (a refusal of valid input: VALIDATION_FAILED 409/422).
   */
  errors?: (ErrorCode | readonly [ErrorCode, number])[];
  /** Left out of the document, with the reason (a CORS preflight, Telegram's own webhook). */
  hidden?: string;
};

/** One file of the table: the routes of one tag of the reference. */
export type RouteGroup = { tag: string; description: string; routes: Record<string, RouteDoc> };
