import type { BroadcastTargetType } from '@shared/broadcasts/schemas.ts';
import { formatCount } from '../../../lib/format.ts';

type Props = { targetType: BroadcastTargetType; total: number | undefined; onChange: (targetType: BroadcastTargetType) => void };

const optionClass = 'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/50';

/** Todos os contatos (with the count) or Contatos selecionados. */
export function AudienceChoice({ targetType, total, onChange }: Props) {
  return (
    <div role="radiogroup" aria-label="Público" className="grid gap-2 sm:grid-cols-2">
      <label className={optionClass}>
        <input type="radio" name="targetType" checked={targetType === 'ALL'} onChange={() => onChange('ALL')} className="size-4 accent-brand-600" />
        <span>
          <span className="block text-sm font-medium text-slate-900">Todos os contatos</span>
          <span className="block text-xs text-slate-500">{total === undefined ? 'Contando…' : formatCount(total, 'contato', 'contatos')}</span>
        </span>
      </label>
      <label className={optionClass}>
        <input type="radio" name="targetType" checked={targetType === 'SELECTED'} onChange={() => onChange('SELECTED')} className="size-4 accent-brand-600" />
        <span>
          <span className="block text-sm font-medium text-slate-900">Contatos selecionados</span>
          <span className="block text-xs text-slate-500">Escolha quem recebe</span>
        </span>
      </label>
    </div>
  );
}
