import { FileUp, X } from 'lucide-react';
import { useCallback, useId, useRef } from 'react';
import { MEDIA_ACCEPT_ATTRIBUTE, uploadedMediaId, type MediaFile } from '@shared/media/schemas.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useMediaUpload } from '../../hooks/use-media-upload.ts';
import { str, type ConfigDraft } from './controls.tsx';
import { MediaThumbnail } from '../node/media-thumbnail.tsx';

const HINT = 'Até 20MB: imagem (JPEG, PNG, GIF, WebP), vídeo (MP4, MOV, AVI), áudio (MP3, WAV, OGG) ou documento (PDF, DOC, DOCX, TXT).';

/**
 * send_media with source 'upload' (docs/product.md#node-subtypes, #rules-media): choose a file, watch it go up, see what the node will send.
 * The server answers the file's real type, which becomes the node's media type (a video chosen under "Foto" is
 * sent as a video). Like every panel field it changes the draft; Salvar nó writes it to the node.
 */
export function MediaUploadField({ config, set }: ConfigDraft) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const onUploaded = useCallback(
    (media: MediaFile) => {
      set('url', media.url);
      set('fileName', media.fileName);
      set('mediaType', media.mediaType);
    },
    [set],
  );
  const { state, upload, cancel } = useMediaUpload(onUploaded);
  const url = str(config.url);
  const hasFile = uploadedMediaId(url) !== undefined;
  const percent = state.status === 'uploading' ? Math.round(state.progress * 100) : 0;

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
        Arquivo de mídia
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={MEDIA_ACCEPT_ATTRIBUTE}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {hasFile && (
        <div className="flex items-center gap-2 rounded-md border border-slate-200 p-2">
          <MediaThumbnail url={url} mediaType={str(config.mediaType)} className="size-12 shrink-0 rounded object-cover" />
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700" title={str(config.fileName)}>
            {str(config.fileName) || 'Arquivo enviado'}
          </span>
        </div>
      )}
      {state.status === 'uploading' ? (
        <div className="space-y-1">
          <div role="progressbar" aria-label="Enviando arquivo" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <div className="flex items-center justify-between text-xs text-slate-500">
            <span>Enviando… {percent}%</span>
            <button type="button" className="flex items-center gap-1 text-slate-600 hover:text-red-600" onClick={cancel}>
              <X aria-hidden="true" className="size-3.5" /> Cancelar envio
            </button>
          </div>
        </div>
      ) : (
        <Button size="sm" variant="outline" className="w-full" icon={<FileUp aria-hidden="true" className="size-4" />} onClick={() => input.current?.click()}>
          {hasFile ? 'Trocar arquivo' : 'Escolher arquivo'}
        </Button>
      )}
      {state.status === 'failed' && (
        <p role="alert" className="text-xs text-red-600">
          {state.message}
        </p>
      )}
      <p className="text-xs text-slate-500">{HINT}</p>
    </div>
  );
}
