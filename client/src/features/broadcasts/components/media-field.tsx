import { FileUp, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BROADCAST_MEDIA_LABELS, BROADCAST_MEDIA_TYPES, type BroadcastMediaType } from '@shared/broadcasts/schemas.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { MEDIA_ACCEPT_ATTRIBUTE, MEDIA_MAX_BYTES, type MediaFile } from '@shared/media/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { MEDIA_TOASTS, uploadMedia } from '../../../lib/upload-media.ts';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';

const FROM_UPLOAD: Record<MediaFile['mediaType'], BroadcastMediaType> = { photo: 'IMAGE', video: 'VIDEO', audio: 'AUDIO', document: 'DOCUMENT' };

export const UPLOAD_OFFLINE_HINT = 'Enviar um arquivo precisa de conexão; sem rede, informe uma URL.';

/** Optional media type (Imagem, Vídeo, Áudio, Arquivo); with a type, a URL or an uploaded file (the server answers its URL and real type). */
export function MediaField({ form, online }: { form: BroadcastForm; online: boolean }) {
  const { mediaType, mediaUrl } = form.values;
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    if (file.size > MEDIA_MAX_BYTES) return void toast.error(ERROR_MESSAGES.MEDIA_TOO_LARGE);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const answer = await uploadMedia(file, { signal: controller.signal, onProgress: setProgress });
      form.patch({ mediaUrl: answer.data.url, mediaType: FROM_UPLOAD[answer.data.media.mediaType] });
      toast.success(answer.message || MEDIA_TOASTS.uploadSuccess);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && error.sessionExpired) return;
      toast.error(error instanceof ApiError ? error.message : MEDIA_TOASTS.uploadError);
    } finally {
      setProgress(null);
      if (abort.current === controller) abort.current = null;
    }
  }

  return (
    <div className="space-y-3">
      <Field label="Tipo de mídia" error={form.errors.mediaType}>
        {(control) => (
          <select {...control} className={`${controlClasses(Boolean(form.errors.mediaType))} h-11`} value={mediaType} onChange={(event) => form.set('mediaType', event.target.value as BroadcastMediaType | '')}>
            <option value="">Sem mídia</option>
            {BROADCAST_MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {BROADCAST_MEDIA_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mediaType && (
        <>
          <Input
            label="URL da mídia"
            value={mediaUrl}
            inputMode="url"
            placeholder="https://exemplo.com/imagem.jpg"
            error={form.errors.mediaUrl}
            helperText="Um endereço público, ou envie um arquivo (até 20MB)."
            onChange={(event) => form.set('mediaUrl', event.target.value)}
          />
          <input
            ref={input}
            type="file"
            aria-label="Arquivo de mídia"
            accept={MEDIA_ACCEPT_ATTRIBUTE}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          {progress !== null ? (
            <div className="space-y-1">
              <div role="progressbar" aria-label="Enviando arquivo" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="h-2 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
              <button type="button" className="flex items-center gap-1 text-xs text-slate-600 hover:text-red-600" onClick={() => abort.current?.abort()}>
                <X aria-hidden="true" className="size-3.5" /> Cancelar envio
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button size="sm" variant="outline" disabled={!online} icon={<FileUp aria-hidden="true" className="size-4" />} onClick={() => input.current?.click()}>
                Enviar arquivo
              </Button>
              {!online && <span className="text-xs text-slate-500">{UPLOAD_OFFLINE_HINT}</span>}
            </div>
          )}
        </>
      )}
    </div>
  );
}
