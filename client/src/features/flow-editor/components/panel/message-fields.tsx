import { PARSE_MODES } from '@shared/flows/node-configs.ts';
import { FLOW_VARIABLES } from '@shared/flows/variables.ts';
import { SelectField, str, VariableAreaField, type ConfigDraft } from './controls.tsx';
import { PARSE_MODE_LABELS } from './field-labels.ts';

/** Message text with its parse mode (none, Markdown, HTML) and the `{{variable}}` hints of docs/decisions.md#d-flow-variables. */
export function MessageFields({ config, set, field = 'message', label = 'Mensagem' }: ConfigDraft & { field?: string; label?: string }) {
  return (
    <>
      <VariableAreaField label={label} rows={5} value={str(config[field])} onChange={(v) => set(field, v)} />
      <details className="text-xs text-slate-500">
        <summary className="cursor-pointer">Variáveis disponíveis</summary>
        <ul className="mt-1 flex flex-wrap gap-1">
          {FLOW_VARIABLES.map((variable) => (
            <li key={variable.path}>
              <button
                type="button"
                title={variable.description}
                className="rounded bg-slate-100 px-1.5 py-0.5 font-mono hover:bg-slate-200"
                onClick={() => set(field, `${str(config[field])}{{${variable.path}}}`)}
              >
                {`{{${variable.path}}}`}
              </button>
            </li>
          ))}
        </ul>
      </details>
      <SelectField label="Formatação" value={str(config.parseMode) || 'none'} options={PARSE_MODES} labels={PARSE_MODE_LABELS} onChange={(v) => set('parseMode', v)} />
    </>
  );
}
