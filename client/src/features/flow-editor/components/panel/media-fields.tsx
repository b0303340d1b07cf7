import { MEDIA_SOURCES, MEDIA_TYPES } from '../../../../../../shared/flows/node-configs.ts';
import { num, NumberField, SelectField, str, TextField, type ConfigDraft } from './controls.tsx';
import { MEDIA_TYPE_LABELS } from './field-labels.ts';
import { MessageFields } from './message-fields.tsx';

const SOURCE_LABELS = { url: 'Link (URL)', upload: 'Arquivo enviado' };

/** send_media: type, source, URL, caption with parse mode; audio title/performer/duration (≥ 0); document name. */
export function MediaFields({ config, set }: ConfigDraft) {
  const type = str(config.mediaType) || 'photo';
  return (
    <>
      <SelectField label="Tipo de mídia" value={type} options={MEDIA_TYPES} labels={MEDIA_TYPE_LABELS} onChange={(v) => set('mediaType', v)} />
      <SelectField label="Origem" value={str(config.source) || 'url'} options={MEDIA_SOURCES} labels={SOURCE_LABELS} onChange={(v) => set('source', v)} />
      <TextField label="URL da mídia" value={str(config.url)} placeholder="https://" onChange={(v) => set('url', v)} />
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
