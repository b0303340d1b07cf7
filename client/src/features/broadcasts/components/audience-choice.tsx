import type { BroadcastTargetType } from '@shared/broadcasts/schemas.ts';
import { formatCount } from '../../../lib/format.ts';

type Props = { targetType: BroadcastTargetType; total: number | undefined; onChange: (targetType: BroadcastTargetType) => void };

const optionClass = 'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/50';

const OPTIONS: { value: BroadcastTargetType; title: string; hint?: string }[] = [
  { value: 'ALL', title: 'Todos os contatos' },
  { value: 'LABEL', title: 'Contatos com a etiqueta', hint: 'Quem tem uma etiqueta' },
  { value: 'SELECTED', title: 'Contatos selecionados', hint: 'Escolha quem recebe' },
];

/** Todos os contatos (with the count), Contatos com a etiqueta or Contatos selecionados. */
export function AudienceChoice({ targetType, total, onChange }: Props) {
  return (
    <div role="radiogroup" aria-label="Público" className="grid gap-2 sm:grid-cols-3">
      {OPTIONS.map((option) => (
        <label key={option.value} className={optionClass}>
          <input type="radio" name="targetType" checked={targetType === option.value} onChange={() => onChange(option.value)} className="size-4 accent-brand-600" />
          <span>
            <span className="block text-sm font-medium text-slate-900">{option.title}</span>
            <span className="block text-xs text-slate-500">
              {option.hint ?? (total === undefined ? 'Contando…' : formatCount(total, 'contato', 'contatos'))}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
