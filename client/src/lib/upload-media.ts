/**
 * POST /media/upload (docs/product.md#api-media) as multipart over XMLHttpRequest: fetch cannot report upload progress, and a
 * 20 MB file on a phone takes long enough that the user must see it move. Authentication follows the API
 * client's rule (one refresh and one retry after a 401). Failures carry the server's pt-BR message when the
 * answer has one (413 "Arquivo muito grande. Máximo: 20MB", 415 …), else MEDIA_TOASTS.uploadError.
 */
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { uploadResponseSchema, type UploadResponse } from '@shared/media/schemas.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from './api-client.ts';
import { api } from './api.ts';

/** docs/product.md#toasts-editor's media texts, verbatim: every screen that uploads (flow editor, broadcast form) uses them. */
export const MEDIA_TOASTS = {
  uploadSuccess: 'Upload realizado com sucesso!',
  uploadError: 'Erro ao fazer upload do arquivo',
  /** The chosen file could not be read in the browser, or the server could not take its content. */
  processFileError: 'Erro ao processar arquivo',
} as const;

export type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

type RawAnswer = { status: number; body: unknown };

export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const sentToken = api.accessToken();
  let answer = await send(file, sentToken, options);
  if (answer.status === 401) {
    const next = await api.tokenAfter401(sentToken).catch(() => null);
    if (!next) throw new ApiError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE, undefined, true);
    answer = await send(file, next, options);
  }
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = uploadResponseSchema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    throw new ApiError(answer.status, 'INVALID_RESPONSE', MEDIA_TOASTS.processFileError);
  }
  const failure = failureEnvelopeSchema.safeParse(answer.body);
  if (failure.success) throw new ApiError(answer.status, failure.data.code, failure.data.message, failure.data.details);
  throw new ApiError(answer.status, `HTTP_${answer.status}`, MEDIA_TOASTS.uploadError);
}

function send(file: File, token: string | undefined, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/upload');
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    // No answer at all: offline, or the server closed the connection on an oversized body.
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
