/**
 * What every gateway parser takes and answers. The route (wired by the access module) reads the raw body once,
 * passes it with the headers and query, and turns the answer into the HTTP status:
 * - `{ok: true, event}`: a purchase event to apply (idempotent by gateway, transactionId, kind), then 200;
 * - `{ok: true, ignored}`: a genuine delivery that changes no access (boleto printed, ping), 200 so retries stop;
 * - `{ok: false, status: 401}`: not from the gateway (bad or missing signature/token), nothing stored but a counter;
 * - `{ok: false, status: 400 | 422}`: authentic but unusable, stored as "não processado" with the pt-BR reason.
 */
import { purchaseEventSchema, type PurchaseEvent } from '@shared/access/webhook-event.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { isRecord, type JsonRecord } from './values.ts';

export type GatewayDelivery = {
  headers: Headers;
  /** The query string of the delivery URL (Kiwify signs in `?signature=`). */
  query: URLSearchParams;
  /** The body exactly as received: signatures are over these bytes, never over a re-serialized JSON. */
  rawBody: string | Uint8Array;
};

export type GatewayParseResult =
  | { ok: true; event: PurchaseEvent }
  | { ok: true; ignored: string }
  | { ok: false; status: 401; reason: string }
  | { ok: false; status: 400 | 422; reason: string };

export type GatewayParser = (delivery: GatewayDelivery, secret: string, now: Date) => GatewayParseResult;

export const unauthorized = (reason: string): GatewayParseResult => ({ ok: false, status: 401, reason });
const badRequest = (reason: string): GatewayParseResult => ({ ok: false, status: 400, reason });
export const unprocessable = (reason: string): GatewayParseResult => ({ ok: false, status: 422, reason });
export const ignored = (reason: string): GatewayParseResult => ({ ok: true, ignored: reason });

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as a JSON object, or the 400 answer. Invalid UTF-8 counts as malformed. */
export function parseJsonObject(rawBody: string | Uint8Array): { ok: true; body: JsonRecord } | { ok: false; result: GatewayParseResult } {
  let parsed: unknown;
  try {
    // Bytes that are not UTF-8 land here too: a malformed body.
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : decoder.decode(rawBody));
  } catch {
    return { ok: false, result: badRequest(WEBHOOK_TEXTS.bodyNotJson) };
  }
  if (!isRecord(parsed)) return { ok: false, result: badRequest(WEBHOOK_TEXTS.bodyNotObject) };
  return { ok: true, body: parsed };
}

/** Where each normalized field came from in the gateway's payload, so a 422 names the field the sender knows. */
export type FieldSources = Partial<Record<string, string>>;

/** Validates the candidate event; the first problem becomes a 422 naming the gateway's field. */
export function finishEvent(candidate: unknown, sources: FieldSources): GatewayParseResult {
  const parsed = purchaseEventSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, event: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  return unprocessable(WEBHOOK_TEXTS.fieldProblem(sources[path] ?? path, issue?.message ?? WEBHOOK_TEXTS.required));
}
