import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadedMediaId } from '@shared/media/schemas.ts';
import { MediaUploadField } from '../../../../components/media-upload-field.tsx';
import { mediaBlobQueryOptions } from '../../../../lib/media-blob.ts';
import type { Uploaded } from '../../../../lib/use-media-upload.ts';
import { MediaThumbnail } from '../node/media-thumbnail.tsx';
import { str, type ConfigDraft } from './controls.tsx';

const HINT = 'Até 20MB: imagem (JPEG, PNG, GIF, WebP), vídeo (MP4, MOV, AVI), áudio (MP3, WAV, OGG) ou documento (PDF, DOC, DOCX, TXT).';

/**
 * send_media with source 'upload' (docs/product.md#node-subtypes, #rules-media): choose a file, watch it go up, see
 * what the node will send. The server answers the file's real type, which becomes the node's media type (a video
 * chosen under "Foto" is sent as a video). Like every panel field it changes the draft; Salvar nó writes it to the node.
 */
export function MediaFileField({ config, set }: ConfigDraft) {
  const queryClient = useQueryClient();
  const onUploaded = useCallback(
    ({ url, media }: Uploaded, file: File) => {
      // The card preview can show the file without downloading what was just sent.
      queryClient.setQueryData(mediaBlobQueryOptions(url).queryKey, file);
      set('url', media.url);
      set('fileName', media.fileName);
      set('mediaType', media.mediaType);
    },
    [queryClient, set],
  );
  const url = str(config.url);
  const hasFile = uploadedMediaId(url) !== undefined;
  const preview = hasFile && (
    <div className="flex items-center gap-2 rounded-md border border-slate-200 p-2">
      <MediaThumbnail url={url} mediaType={str(config.mediaType)} className="size-12 shrink-0 rounded object-cover" />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-700" title={str(config.fileName)}>
        {str(config.fileName) || 'Arquivo enviado'}
      </span>
    </div>
  );
  return (
    <MediaUploadField label="Arquivo de mídia" showLabel buttonText={hasFile ? 'Trocar arquivo' : 'Escolher arquivo'} onUploaded={onUploaded} showPercent wide preview={preview} hint={HINT} showError />
  );
}
