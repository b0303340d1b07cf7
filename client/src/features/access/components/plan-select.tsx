import type { Plan } from '@shared/access/plans.ts';
import { balanceBidi } from '@shared/text/invisible.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

type Props = { plans: Plan[]; value: string; onChange: (planId: string) => void; /** The first option's text: "Todos os planos" or "Selecione um plano". */ none: string; required?: boolean; error?: string | undefined };

/** A labelled choice among the workspace's plans. */
export function PlanSelect({ plans, value, onChange, none, required, error }: Props) {
  return (
    <SelectField label="Plano" required={required} value={value} error={error} onChange={onChange}>
      <option value="">{none}</option>
      {plans.map((plan) => (
        <option key={plan.id} value={plan.id}>
          {balanceBidi(plan.name)}
        </option>
      ))}
    </SelectField>
  );
}
