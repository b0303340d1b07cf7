/**
 * The upload control's state: progress while sending, the error to show under the control, and the docs/product.md#toasts-editor
 * toasts. A file over 20 MB is refused before a byte is sent (docs/product.md#rules-media's text), so a phone does not spend a slow
 * minute uploading what the server would refuse anyway; the server still checks, by content, what arrives.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { MEDIA_MAX_BYTES, type MediaFile } from '@shared/media/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { EDITOR_TOASTS } from '../api/editor-texts.ts';
import { mediaBlobQueryOptions } from '../../../lib/media-blob.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';

export type UploadState = { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'failed'; message: string };

export function useMediaUpload(onUploaded: (media: MediaFile) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Closing the panel mid-upload cancels the request instead of finishing it for nobody.
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
        // The card preview can show the file without downloading what was just sent.
        queryClient.setQueryData(mediaBlobQueryOptions(answer.data.url).queryKey, file);
        setState({ status: 'idle' });
        toast.success(answer.message || EDITOR_TOASTS.uploadSuccess);
        onUploaded(answer.data.media);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return setState({ status: 'idle' });
        if (error instanceof ApiError && error.sessionExpired) return setState({ status: 'idle' });
        fail(error instanceof ApiError ? error.message : EDITOR_TOASTS.uploadError);
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [fail, onUploaded, queryClient],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { state, upload, cancel };
}
