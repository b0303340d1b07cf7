/**
 * What a file really is, from its first bytes (docs/decisions.md#d-media): the declared type and the name are the sender's
 * word and are never trusted. Only the types of docs/product.md#rules-media are recognised; anything else is undefined (→ 415).
 * A .docx is a ZIP holding `word/…` parts; plain text has no signature, so it is "valid UTF-8 without control
 * characters", which also keeps a renamed binary out.
 */
import type { SniffedMedia } from '../../ports/media-store.ts';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

export function sniffMedia(bytes: Uint8Array): SniffedMedia | undefined {
  if (bytes.length === 0) return undefined;
  return image(bytes) ?? riff(bytes) ?? isoMedia(bytes) ?? audio(bytes) ?? documentType(bytes);
}

function image(bytes: Uint8Array): SniffedMedia | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', mediaType: 'photo' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', mediaType: 'photo' };
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return { contentType: 'image/gif', mediaType: 'photo' };
  return undefined;
}

/** RIFF containers: WebP images, AVI videos, WAV audio. */
function riff(bytes: Uint8Array): SniffedMedia | undefined {
  if (ascii(bytes, 0, 4) !== 'RIFF') return undefined;
  const form = ascii(bytes, 8, 12);
  if (form === 'WEBP') return { contentType: 'image/webp', mediaType: 'photo' };
  if (form === 'AVI ') return { contentType: 'video/x-msvideo', mediaType: 'video' };
  if (form === 'WAVE') return { contentType: 'audio/wav', mediaType: 'audio' };
  return undefined;
}

/** ISO base media (MP4) and QuickTime: an `ftyp` box, or an old QuickTime file starting with another atom. */
function isoMedia(bytes: Uint8Array): SniffedMedia | undefined {
  const box = ascii(bytes, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { contentType: 'video/quicktime', mediaType: 'video' };
    // M4A/M4B/M4P are audio in an MP4 box: audio/mp4 is not among the accepted audio types.
    if (brand.startsWith('M4A') || brand.startsWith('M4B') || brand.startsWith('M4P')) return undefined;
    return { contentType: 'video/mp4', mediaType: 'video' };
  }
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return { contentType: 'video/quicktime', mediaType: 'video' };
  return undefined;
}

function audio(bytes: Uint8Array): SniffedMedia | undefined {
  if (ascii(bytes, 0, 4) === 'OggS') return { contentType: 'audio/ogg', mediaType: 'audio' };
  if (ascii(bytes, 0, 3) === 'ID3') return { contentType: 'audio/mpeg', mediaType: 'audio' };
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved" (ADTS AAC uses layer 00).
  const [first = 0, second = 0] = bytes;
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0 && (second & 0x18) !== 0x08) {
    return { contentType: 'audio/mpeg', mediaType: 'audio' };
  }
  return undefined;
}

const WORD_PART = new TextEncoder().encode('word/');

function documentType(bytes: Uint8Array): SniffedMedia | undefined {
  if (ascii(bytes, 0, 5) === '%PDF-') return { contentType: 'application/pdf', mediaType: 'document' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { contentType: 'application/msword', mediaType: 'document' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // ZIP entry names are stored uncompressed: a Word document names its `word/…` parts.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(WORD_PART)
      ? { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', mediaType: 'document' }
      : undefined;
  }
  return isPlainText(bytes) ? { contentType: 'text/plain', mediaType: 'document' } : undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return false;
  }
  // Tab, line feed, form feed and carriage return are text; other C0 controls and DEL mean binary.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they mark binary content
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
