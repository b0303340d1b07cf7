/**
 * Reads an upload request into (bytes, file name) without trusting its size: the declared Content-Length is
 * refused up front and the stream is counted as it arrives, so a 2 GB body is never buffered. Two forms are
 * accepted: multipart with a `file` part (what the editor sends, with progress) and the JSON data-URL form that
 * docs/product.md#api-media describes.
 */
import { dataUrlUploadSchema, MEDIA_MAX_BYTES } from '@shared/media/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { formWithFile, jsonOf, MEDIA_UPLOAD_MAX_BODY_BYTES, readLimited } from '../../http/request-input.ts';

export type UploadedBody = { bytes: Uint8Array; fileName: string };

const tooLarge = () => new AppError('MEDIA_TOO_LARGE', 413);
const unreadable = () => new AppError('MEDIA_UNREADABLE', 400);

export async function readUpload(request: Request): Promise<UploadedBody> {
  const contentType = request.headers.get('content-type') ?? '';
  const body = await readLimited(request, MEDIA_UPLOAD_MAX_BODY_BYTES, { tooLarge, unreadable });
  const upload = contentType.startsWith('multipart/form-data')
    ? await fromMultipart(body, contentType)
    : contentType.startsWith('application/json')
      ? fromDataUrl(body)
      : undefined;
  if (!upload) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415);
  if (upload.bytes.byteLength > MEDIA_MAX_BYTES) throw tooLarge();
  if (upload.bytes.byteLength === 0) throw unreadable();
  return upload;
}

async function fromMultipart(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<UploadedBody> {
  const { form, file } = await formWithFile(body, contentType, unreadable);
  const named = form.get('fileName');
  const fileName = typeof named === 'string' && named.trim() !== '' ? named : file instanceof File ? file.name : '';
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: cleanFileName(fileName) };
}

function fromDataUrl(body: Uint8Array): UploadedBody {
  const parsed = dataUrlUploadSchema.safeParse(jsonOf(body));
  if (!parsed.success) throw unreadable();
  const comma = parsed.data.file.indexOf(',');
  if (comma < 0) throw unreadable();
  const header = parsed.data.file.slice(5, comma);
  const payload = parsed.data.file.slice(comma + 1);
  const bytes = header.endsWith(';base64') ? Buffer.from(payload, 'base64') : percentDecoded(payload);
  if (!bytes) throw unreadable();
  return { bytes, fileName: cleanFileName(parsed.data.fileName) };
}

/**
 * RFC 2397: without `;base64` the data is URL-encoded octets, any bytes (a PNG's `%89`), not UTF-8 text, so
 * decodeURIComponent would throw on most files; a `%` without two hex digits makes the file unreadable.
 */
function percentDecoded(payload: string): Uint8Array<ArrayBuffer> | undefined {
  if (/%(?![0-9a-f]{2})/i.test(payload)) return undefined;
  const parts = payload.split(/(%[0-9a-f]{2})/i);
  return Buffer.concat(parts.map((part) => (/^%[0-9a-f]{2}$/i.test(part) ? Uint8Array.of(Number.parseInt(part.slice(1), 16)) : new TextEncoder().encode(part))));
}

/** A display name only (the stored path never uses it): no folders, no control characters, a sane length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this strips from a client-sent file name
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'arquivo';
}
