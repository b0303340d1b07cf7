import { cn } from '../lib/cn.ts';
import type { VariableOption } from './variable-suggestions.ts';

type Props = { id: string; options: VariableOption[]; selected: number; onPick: (option: VariableOption) => void };

/** The variables offered under the text area while one is typed. */
export function VariableList({ id, options, selected, onPick }: Props) {
  return (
    <ul id={id} role="listbox" aria-label="Variáveis" className="absolute inset-x-0 top-full z-30 mt-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
      {options.map((option, i) => (
        <li
          key={option.insert}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === selected}
          // The text area keeps the focus (and its caret) while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
          className={cn('cursor-pointer rounded-md px-2 py-1.5 text-sm', i === selected ? 'bg-brand-50 text-brand-800' : 'text-slate-700')}
        >
          <span className="font-mono">{option.insert}</span>
          <span className="ml-2 text-xs text-slate-500">{option.description}</span>
        </li>
      ))}
    </ul>
  );
}
