import { DEFAULT_DELAY_SECONDS, DELAY_UNITS, IF_OPERATORS } from '@shared/flows/node-configs.ts';
import { useId } from 'react';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { useAvailableVariables } from '../../api/get-available-variables.ts';
import { variablePathError, variableSuggestions } from '../../model/variable-path.ts';
import { num, NumberField, SelectField, str, TextField, type ConfigDraft } from './controls.tsx';
import { DELAY_UNIT_LABELS, OPERATOR_LABELS } from './field-labels.ts';

/** delay: duration ≥ 1 with a unit, default 5 seconds (docs/decisions.md#d-flows). */
export function DelayFields({ config, set }: ConfigDraft) {
  return (
    <>
      <NumberField label="Duração" min={1} step={1} value={num(config.duration, DEFAULT_DELAY_SECONDS)} onChange={(v) => set('duration', Math.round(v))} />
      <SelectField label="Unidade" value={str(config.unit) || 'seconds'} options={DELAY_UNITS} labels={DELAY_UNIT_LABELS} onChange={(v) => set('unit', v)} />
    </>
  );
}

/** if_else: a variable, one of the six operators, a value; true/false handles on the card. */
export function IfElseFields({ config, set, flowId }: ConfigDraft & { flowId: string }) {
  return (
    <>
      <VariableField flowId={flowId} config={config} set={set} />
      <SelectField label="Operador" value={str(config.operator) || 'equals'} options={IF_OPERATORS} labels={OPERATOR_LABELS} onChange={(v) => set('operator', v)} />
      <TextField label="Valor" value={str(config.value)} onChange={(v) => set('value', v)} />
    </>
  );
}

/**
 * A free path with the known variables as suggestions (the server's list when it answers, the shared one offline),
 * so `http.body.campo` can be typed.
 */
export function VariableField({ flowId, config, set }: ConfigDraft & { flowId: string }) {
  const id = useId();
  const { data } = useAvailableVariables(flowId);
  const error = variablePathError(config);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        Variável
      </label>
      <input
        id={id}
        list={`${id}-sugestoes`}
        className={`${controlClasses(error !== undefined)} h-9`}
        value={str(config.variable)}
        placeholder="Ex.: contact.firstName ou http.body.campo"
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-ajuda`}
        onChange={(e) => set('variable', e.target.value)}
      />
      <datalist id={`${id}-sugestoes`}>
        {variableSuggestions(data).map((hint) => (
          <option key={hint.path} value={hint.type === 'object' ? `${hint.path}.` : hint.path}>
            {hint.description}
          </option>
        ))}
      </datalist>
      <p id={`${id}-ajuda`} className={`mt-1 text-xs ${error ? 'text-red-600' : 'text-slate-500'}`}>
        {error ?? 'Escolha uma sugestão ou digite um caminho (a resposta HTTP fica em http.status e http.body.*).'}
      </p>
    </div>
  );
}

/** random: the chance of the `true` handle, 0 to 1 (default 0.5). */
export function RandomFields({ config, set }: ConfigDraft) {
  const probability = num(config.probability, 0.5);
  return (
    <>
      <NumberField label="Probabilidade (0 a 1)" min={0} max={1} step={0.05} value={probability} onChange={(v) => set('probability', Math.round(v * 100) / 100)} />
      <p className="text-xs text-slate-500">
        {Math.round(probability * 100)}% segue por verdadeiro, {100 - Math.round(probability * 100)}% por falso.
      </p>
    </>
  );
}
