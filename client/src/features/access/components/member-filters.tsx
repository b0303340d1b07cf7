import type { Plan } from '@shared/access/plans.ts';
import { ACCESS_STATUS_LABELS, ACCESS_STATUSES } from '@shared/access/texts.ts';
import { Input } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { PlanSelect } from './plan-select.tsx';
import { EXPIRING_DAYS, isAccessStatus, type MemberFilters } from '../utils/member-filters.ts';

type Props = {
  filters: MemberFilters;
  /** Offered on the all-plans list; a plan's own page has its plan fixed. */
  plans: Plan[] | undefined;
  onChange: (filters: MemberFilters) => void;
};

/** Situação, plano, "Expirando em 7 dias" and the search; any change goes back to the first page. */
export function MemberFilterBar({ filters, plans, onChange }: Props) {
  const set = (changes: Partial<MemberFilters>) => onChange({ ...filters, ...changes, page: 1 });
  return (
    <div role="search" aria-label="Filtrar membros" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Input
        label="Buscar"
        type="search"
        placeholder="E-mail, nome, Telegram ID ou transação"
        value={filters.search ?? ''}
        onChange={(event) => set({ search: event.target.value || undefined })}
      />
      <SelectField label="Situação" value={filters.status ?? ''} onChange={(value) => set({ status: isAccessStatus(value) ? value : undefined })}>
        <option value="">Todas</option>
        {ACCESS_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ACCESS_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      {plans && <PlanSelect plans={plans} none="Todos os planos" value={filters.planId ?? ''} onChange={(value) => set({ planId: value || undefined })} />}
      <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end pb-1 text-sm font-medium text-slate-700">
        <input type="checkbox" className="size-5 accent-brand-600" checked={filters.expiring === true} onChange={(event) => set({ expiring: event.target.checked || undefined })} />
        Expirando em {EXPIRING_DAYS} dias
      </label>
    </div>
  );
}
