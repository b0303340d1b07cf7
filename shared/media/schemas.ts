/**
 * Media upload contract (docs/product.md#rules-media, #api-media, #limits; docs/decisions.md#d-media): the 20 MB limit, the accepted content types per media
 * type, the answer of POST /media/upload and the URL a send_media node stores for an uploaded file. The server
 * decides the type from the file's first bytes; the client uses the same lists to filter the file picker and to
 * refuse an oversized file before sending it.
 */
import { z } from 'zod';
import { storableString } from '../api/storable-text.ts';
import { successEnvelope } from '../api/envelope.ts';
import { MEDIA_TYPES } from '../flows/node-configs.ts';

export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** docs/product.md#toasts-editor success text, also the `message` of the upload answer (docs/product.md#api-media). */
export const MEDIA_UPLOAD_SUCCESS = 'Upload realizado com sucesso!';

/** Accepted content types by media type, as docs/product.md#rules-media lists them. */
export const ACCEPTED_MEDIA = {
  photo: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/quicktime', 'video/x-msvideo'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/ogg'],
  document: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
  ],
} as const satisfies Record<(typeof MEDIA_TYPES)[number], readonly string[]>;

/** For the file picker: the types above plus the extensions docs/product.md#rules-media names for documents. */
export const MEDIA_ACCEPT_ATTRIBUTE = [...Object.values(ACCEPTED_MEDIA).flat(), '.pdf', '.doc', '.docx', '.txt', '.avi', '.mov'].join(',');

export const mediaFileSchema = z.object({
  id: z.string(),
  /** What a send_media node stores in `url` (source 'upload'). */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});

/** docs/product.md#api-media: success, message, data.url; the stored file's details ride along. */
export const uploadResponseSchema = successEnvelope(z.object({ url: z.string(), media: mediaFileSchema })).extend({
  message: z.string(),
});

/** The JSON form of the upload (docs/product.md#api-media): the file as a data URL. Multipart with a `file` part is the other. */
export const dataUrlUploadSchema = z.object({
  file: z.string().startsWith('data:'),
  fileName: storableString().trim().max(256).default(''),
  contentType: z.string().max(200).optional(),
});

const MEDIA_PATH = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const mediaUrlOf = (id: string) => `/api/media/${id}`;

/** The id of an uploaded file when `url` is this server's media URL, else undefined (an outside URL). */
export function uploadedMediaId(url: string): string | undefined {
  return MEDIA_PATH.exec(url.trim())?.[1]?.toLowerCase();
}

export type MediaFile = z.infer<typeof mediaFileSchema>;
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
