/**
 * Compresses answers on the fly, in one place: every JSON answer of the API and any other text answer a route
 * builds (the public tracking script /api/js/…), above COMPRESSION_THRESHOLD_BYTES, in the encoding the client
 * prefers (http/content-encoding.ts chooses the levels). Never touched: an answer that already carries a
 * Content-Encoding (the built client's precompressed files, http/static-client.ts), media and other binary types,
 * and the live event stream (text/event-stream must flush frame by frame).
 */
import { Elysia } from 'elysia';
import { compress, COMPRESSION_THRESHOLD_BYTES, isCompressibleType, negotiateEncoding, varyOnEncoding } from './content-encoding.ts';

/** A compressible answer larger than this is sent as is rather than buffered whole in memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const encoder = new TextEncoder();

export function compression() {
  return new Elysia({ name: 'canalize/compression' }).mapResponse({ as: 'global' }, async ({ request, responseValue, set }) => {
    if (request.method === 'HEAD') return undefined;
    if (responseValue instanceof Response) return compressResponse(request, responseValue);
    // A plain object or array: Elysia would serialise it as JSON; do it here to compress the bytes it would send.
    // Anything else (Elysia's status() wrapper, a file, a stream, a generator) is left to Elysia.
    if (!isPlainJson(responseValue)) return undefined;
    if (typeof set.status !== 'number' && set.status !== undefined) return undefined;
    const body: Uint8Array<ArrayBuffer> = encoder.encode(JSON.stringify(responseValue));
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
    varyOnEncoding(headers);
    const encoding = body.byteLength >= COMPRESSION_THRESHOLD_BYTES ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined;
    if (encoding) headers.set('content-encoding', encoding);
    return new Response(encoding ? compress(body, encoding) : body, { status: set.status ?? 200, headers });
  });
}

function isPlainJson(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

async function compressResponse(request: Request, response: Response): Promise<Response> {
  const contentType = response.headers.get('content-type');
  if (!response.body || response.headers.has('content-encoding') || !isCompressibleType(contentType)) return response;
  if (response.status === 204 || response.status === 206 || response.status === 304) return response;
  varyOnEncoding(response.headers);
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!encoding || declared < COMPRESSION_THRESHOLD_BYTES || declared > MAX_BUFFERED_BYTES) return response;
  // A download streamed without a length (the account export) would be buffered whole: it goes as it is.
  if (Number.isNaN(declared) && response.headers.get('content-disposition')?.startsWith('attachment')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (body.byteLength < COMPRESSION_THRESHOLD_BYTES) return new Response(body, { status: response.status, statusText: response.statusText, headers });
  headers.set('content-encoding', encoding);
  // A validator names one representation: the compressed bytes differ, so the ETag must too (RFC 9110 §8.8.3).
  const etag = headers.get('etag');
  if (etag?.endsWith('"')) headers.set('etag', `${etag.slice(0, -1)}-${encoding}"`);
  return new Response(compress(body, encoding), { status: response.status, statusText: response.statusText, headers });
}
