import { WATCH_FIELDS } from '@shared/flows/node-configs.ts';
import { str, TextField, type ConfigDraft } from './controls.tsx';
import { WATCH_FIELD_LABELS } from './field-labels.ts';
import { AccessTriggerFields } from './access-trigger-fields.tsx';
import { FunnelField } from './funnel-field.tsx';

/** Trigger subtypes (docs/product.md#node-subtypes): pattern, command, watched contact fields, funnel, button data, access event. */
export function TriggerFields({ subType, config, set, flowId }: ConfigDraft & { subType: string; flowId: string }) {
  switch (subType) {
    case 'trigger_message':
      return <TextField label="Texto que dispara (* para qualquer)" value={str(config.pattern)} placeholder="preço" onChange={(v) => set('pattern', v)} />;
    case 'trigger_command':
      return <TextField label="Comando" value={str(config.command)} placeholder="/start" onChange={(v) => set('command', v)} />;
    case 'trigger_contact_updated': {
      const fields = Array.isArray(config.watchFields) ? config.watchFields.map(String) : [];
      return (
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">Campos observados</legend>
          {WATCH_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={fields.includes(field)}
                onChange={() => set('watchFields', fields.includes(field) ? fields.filter((f) => f !== field) : [...fields, field])}
              />
              {WATCH_FIELD_LABELS[field]}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'trigger_contact_from_funnel':
      return <FunnelField flowId={flowId} value={str(config.funnelId)} onChange={(v) => set('funnelId', v)} />;
    case 'trigger_button_clicked':
      return <TextField label="Código da ação do botão" value={str(config.buttonData)} placeholder="saber_mais" onChange={(v) => set('buttonData', v)} />;
    case 'trigger_access':
      return <AccessTriggerFields flowId={flowId} config={config} set={set} />;
    default:
      return <p className="text-sm text-slate-500">Este gatilho não tem configuração.</p>;
  }
}
