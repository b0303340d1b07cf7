/**
 * Content-Encoding negotiation and on-the-fly compression, shared by the built client (precompressed files) and the
 * compression hook (API answers, the tracking script). Brotli first, gzip second, identity otherwise.
 *
 * Levels: on a typical API answer (a 20-row contacts page) brotli q4 is smaller than gzip 6 and no slower; on a large
 * one (a 500-node flow) brotli q1 is as small as q4 in a third of the time; brotli q11 costs tens of milliseconds to
 * a second; a tiny answer only grows. So dynamic answers use brotli q4 up to 64 KiB and q1 above, gzip level 6, and nothing under
 * 1 KiB (one TCP segment either way). q11 is for the build only (client/vite.config.ts). The measured sizes and
 * times: bench/RESULTS.md#compression.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this an answer fits in one packet: compressing only costs CPU (and can grow it). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const LARGE_BODY_BYTES = 64 * 1024;

/** Text formats worth compressing; images, video, audio, archives and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|[a-z.+-]*\+json|[a-z.+-]*\+xml)|image\/svg\+xml)/i;

export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false;
  // A live stream must reach the client frame by frame: never buffer it into a compressor.
  if (contentType.startsWith('text/event-stream')) return false;
  return COMPRESSIBLE.test(contentType);
}

/**
 * The encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable coding (q > 0) with the
 * highest weight, brotli on a tie; `*` stands for any coding not listed. Undefined means identity.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = Number.parseFloat(value ?? '');
    }
    weights.set(name, Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  const weight = (coding: Encoding) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

export function compress(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  const quality = body.byteLength > LARGE_BODY_BYTES ? 1 : 4;
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });
}

/** Adds `Accept-Encoding` to a response's Vary header without dropping what is already there. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  try {
    if (!vary) headers.set('vary', 'Accept-Encoding');
    else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
  } catch {
    // Immutable headers (an answer forwarded from fetch): it is sent as it came.
  }
}
