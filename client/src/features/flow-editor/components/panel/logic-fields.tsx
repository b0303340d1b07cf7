import { DEFAULT_DELAY_SECONDS, DELAY_UNITS, IF_OPERATORS } from '../../../../../../shared/flows/node-configs.ts';
import { FLOW_VARIABLES } from '../../../../../../shared/flows/variables.ts';
import { num, NumberField, SelectField, str, TextField, type ConfigDraft } from './controls.tsx';
import { DELAY_UNIT_LABELS, OPERATOR_LABELS } from './field-labels.ts';

/** delay: duration ≥ 1 with a unit, default 5 seconds (decisions §5). */
export function DelayFields({ config, set }: ConfigDraft) {
  return (
    <>
      <NumberField label="Duração" min={1} step={1} value={num(config.duration, DEFAULT_DELAY_SECONDS)} onChange={(v) => set('duration', Math.round(v))} />
      <SelectField label="Unidade" value={str(config.unit) || 'seconds'} options={DELAY_UNITS} labels={DELAY_UNIT_LABELS} onChange={(v) => set('unit', v)} />
    </>
  );
}

/** if_else: a variable, one of the six operators, a value; true/false handles on the card. */
export function IfElseFields({ config, set }: ConfigDraft) {
  return (
    <>
      <SelectField label="Variável" value={str(config.variable)} options={['', ...FLOW_VARIABLES.map((v) => v.path)]} labels={{ '': 'Selecione' }} onChange={(v) => set('variable', v)} />
      <SelectField label="Operador" value={str(config.operator) || 'equals'} options={IF_OPERATORS} labels={OPERATOR_LABELS} onChange={(v) => set('operator', v)} />
      <TextField label="Valor" value={str(config.value)} onChange={(v) => set('value', v)} />
    </>
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
