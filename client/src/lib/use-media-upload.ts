/**
 * An upload's state: progress while sending, the failure to show under the control, and the
 * docs/product.md#toasts-editor toasts. A file over 20 MB is refused before a byte is sent (docs/product.md#rules-media's
 * text), so a phone does not spend a slow minute uploading what the server would refuse anyway; the server still
 * checks, by content, what arrives. Leaving the screen mid-upload cancels the request instead of finishing it for nobody.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { MEDIA_MAX_BYTES, type UploadResponse } from '@shared/media/schemas.ts';
import { ApiError } from './api-client.ts';
import { toast } from './toast.ts';
import { MEDIA_TOASTS, uploadMedia } from './upload-media.ts';

/** The server's answer: the URL to send and the stored file (its real type, name, …). */
export type Uploaded = UploadResponse['data'];

export type UploadState = { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'failed'; message: string };

export function useMediaUpload(onUploaded: (uploaded: Uploaded, file: File) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const fail = useCallback((message: string) => {
    setState({ status: 'failed', message });
    toast.error(message);
  }, []);

  const upload = useCallback(
    async (file: File) => {
      if (file.size > MEDIA_MAX_BYTES) return fail(ERROR_MESSAGES.MEDIA_TOO_LARGE);
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'uploading', progress: 0 });
      try {
        const answer = await uploadMedia(file, { signal: controller.signal, onProgress: (progress) => setState({ status: 'uploading', progress }) });
        setState({ status: 'idle' });
        toast.success(answer.message || MEDIA_TOASTS.uploadSuccess);
        onUploaded(answer.data, file);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return setState({ status: 'idle' });
        if (error instanceof ApiError && error.sessionExpired) return setState({ status: 'idle' });
        fail(error instanceof ApiError ? error.message : MEDIA_TOASTS.uploadError);
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [fail, onUploaded],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { state, upload, cancel };
}
