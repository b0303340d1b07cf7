import { MEDIA_SOURCES, MEDIA_TYPES } from '@shared/flows/node-configs.ts';
import { uploadedMediaId } from '@shared/media/schemas.ts';
import { num, NumberField, SelectField, str, TextField, type ConfigDraft } from './controls.tsx';
import { MEDIA_TYPE_LABELS } from './field-labels.ts';
import { MediaFileField } from './media-file-field.tsx';
import { MessageFields } from './message-fields.tsx';

const SOURCE_LABELS = { url: 'Link (URL)', upload: 'Arquivo enviado' };

/**
 * send_media: type, source (a link, or a file uploaded here), caption with parse mode; audio title/performer/
 * duration (≥ 0); document name. Switching the source drops a URL that belongs to the other one.
 */
export function MediaFields({ config, set }: ConfigDraft) {
  const type = str(config.mediaType) || 'photo';
  const source = str(config.source) || 'url';
  const changeSource = (next: string) => {
    set('source', next);
    if ((next === 'upload') !== (uploadedMediaId(str(config.url)) !== undefined)) set('url', '');
  };
  return (
    <>
      <SelectField label="Tipo de mídia" value={type} options={MEDIA_TYPES} labels={MEDIA_TYPE_LABELS} onChange={(v) => set('mediaType', v)} />
      <SelectField label="Origem" value={source} options={MEDIA_SOURCES} labels={SOURCE_LABELS} onChange={changeSource} />
      {source === 'upload' ? (
        <MediaFileField config={config} set={set} />
      ) : (
        <TextField label="URL da mídia" value={str(config.url)} placeholder="https://" onChange={(v) => set('url', v)} />
      )}
      {type === 'audio' && (
        <>
          <TextField label="Título" value={str(config.title)} onChange={(v) => set('title', v)} />
          <TextField label="Artista" value={str(config.performer)} onChange={(v) => set('performer', v)} />
          <NumberField label="Duração (segundos)" min={0} step={1} value={num(config.duration, 0)} onChange={(v) => set('duration', Math.round(v))} />
        </>
      )}
      {type === 'document' && <TextField label="Nome do arquivo" value={str(config.fileName)} onChange={(v) => set('fileName', v)} />}
      <MessageFields config={config} set={set} field="caption" label="Legenda" />
    </>
  );
}
