/**
 * Every request body is read here, under a cap chosen by route, before any handler sees it (decisions.md, "Body
 * caps"): a declared Content-Length over the cap is refused without reading a byte, and a chunked body is counted
 * as it arrives and dropped once it passes the cap, so an anonymous caller can make the server hold at most one
 * cap per request, not whatever it sends. Routes that stream their own body (media upload) are left alone.
 * Refusals are the pt-BR envelope: 413 PAYLOAD_TOO_LARGE, 400 MALFORMED_JSON. Bun's own maxRequestBodySize
 * (server.ts) sits above every cap, so its bare 413 never answers a size a route accepts.
 */
import { Elysia } from 'elysia';
import { MEDIA_MAX_BYTES } from '@shared/media/schemas.ts';
import { AppError } from '../lib/errors.ts';
import { refuseUnstorableText } from './validate.ts';
import { pathOf } from '../lib/request-path.ts';

const KB = 1024;
const MB = 1024 * KB;

/** Room for an upload as base64 (the data-URL form) plus multipart or JSON framing (modules/media/upload-body.ts). */
export const MEDIA_UPLOAD_MAX_BODY_BYTES = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + MB;
/** Bun's own limit: above every cap, so that only bodies no route accepts meet Bun's bare 413. */
export const SERVER_MAX_BODY_BYTES = MEDIA_UPLOAD_MAX_BODY_BYTES + MB;

const SELF_READ = 'self-read';
/** First match wins; sizes are what the route's largest legitimate body needs, with room to spare. */
const BODY_CAPS: Array<[prefix: string, cap: number | typeof SELF_READ]> = [
  ['/api/auth/', 64 * KB], // an email, a password, a token
  ['/api/telegram/webhook/', MB], // one Telegram update
  ['/api/sync/push', 8 * MB], // a batch of up to 500 queued edits
  ['/api/media/upload', SELF_READ], // reads its own body under MEDIA_UPLOAD_MAX_BODY_BYTES
  ['/api/contacts/imports/', 64 * KB], // an import's start: no body
  ['/api/contacts/imports', SELF_READ], // a contacts file, read under IMPORT_MAX_BODY_BYTES (20 MB and framing)
  ['/api/access/webhooks/', SELF_READ], // purchase webhooks read their raw body (signed bytes) under WEBHOOK_BODY_MAX (256 KB)
  ['/api/t/', SELF_READ], // funnel tracking calls read their own body under TRACKING_LIMITS.bodyMax (8 KB)
];
const DEFAULT_CAP = MB; // a flow, a node, a welcome message

export function bodyCapFor(pathname: string): number | typeof SELF_READ {
  return BODY_CAPS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_CAP;
}

/**
 * A multipart body read (bytes already counted by readLimited) into its form and its `file` part: a body that is no
 * form is `unreadable()`, a form without a file a pt-BR 400 on the field.
 */
export async function formWithFile(body: Uint8Array<ArrayBuffer>, contentType: string, unreadable: () => AppError): Promise<{ form: FormData; file: Blob }> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw unreadable();
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new AppError('VALIDATION_FAILED', 400, 'Selecione um arquivo', { file: 'Selecione um arquivo' });
  return { form, file };
}

/** A JSON body read by readLimited (the routes that take a file either as a form or as JSON): 400 MALFORMED_JSON. */
export function jsonOf(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new AppError('MALFORMED_JSON', 400);
  }
}

/** The body's bytes, or an AppError as soon as it is known to pass `limit` (413) or the sender gives up (400). */
export async function readLimited(
  request: Request,
  limit: number,
  errors: { tooLarge: () => AppError; unreadable: () => AppError } = {
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 413),
    unreadable: () => new AppError('MALFORMED_JSON', 400),
  },
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw errors.tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    // The sender gave up mid-way: nobody waits for the answer, so no 500 and no error log.
    const { done, value } = await reader.read().catch(() => {
      throw errors.unreadable();
    });
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw errors.tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export function cappedBodies() {
  return new Elysia({ name: 'canalize/capped-bodies' }).onParse({ as: 'global' }, async function cappedBody({ request }, contentType) {
    // Not the context's `path`: Bun's adapter leaves it unset in parse hooks.
    const cap = bodyCapFor(pathOf(request.url));
    // null (not undefined) tells Elysia the body is handled, so it does not read the stream the route reads itself.
    if (cap === SELF_READ) return null;
    const bytes = await readLimited(request, cap);
    if (bytes.byteLength === 0) return null;
    const text = new TextDecoder().decode(bytes);
    if (contentType === 'application/json' || contentType.endsWith('+json')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AppError('MALFORMED_JSON', 400);
      }
    }
    if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
    if (contentType.startsWith('text/')) return text;
    return null;
  });
}

/** Path parameters and query strings carry no text the database cannot store either (bodies: validate.ts). */
export function storableParams() {
  return new Elysia({ name: 'canalize/storable-params' }).onTransform({ as: 'global' }, ({ params, query }) => {
    refuseUnstorableText(params);
    refuseUnstorableText(query);
  });
}
