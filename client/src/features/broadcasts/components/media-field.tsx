import { BROADCAST_MEDIA_LABELS, BROADCAST_MEDIA_TYPES, type BroadcastMediaType } from '@shared/broadcasts/schemas.ts';
import type { MediaFile } from '@shared/media/schemas.ts';
import { MediaUploadField } from '../../../components/media-upload-field.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';

const FROM_UPLOAD: Record<MediaFile['mediaType'], BroadcastMediaType> = { photo: 'IMAGE', video: 'VIDEO', audio: 'AUDIO', document: 'DOCUMENT' };

export const UPLOAD_OFFLINE_HINT = 'Enviar um arquivo precisa de conexão; sem rede, informe uma URL.';

/** Optional media type (Imagem, Vídeo, Áudio, Arquivo); with a type, a URL or an uploaded file (the server answers its URL and real type). */
export function MediaField({ form, online }: { form: BroadcastForm; online: boolean }) {
  const { mediaType, mediaUrl } = form.values;
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
          <MediaUploadField
            label="Arquivo de mídia"
            buttonText="Enviar arquivo"
            unavailable={online ? undefined : UPLOAD_OFFLINE_HINT}
            onUploaded={({ url, media }) => form.patch({ mediaUrl: url, mediaType: FROM_UPLOAD[media.mediaType] })}
          />
        </>
      )}
    </div>
  );
}
