import { cn } from '../lib/cn.ts';

type PeriodSelectorProps<D extends number> = {
  value: D;
  onChange: (days: D) => void;
  /** The periods offered. */
  options: readonly D[];
  /** The radio group's name and its accessible legend, distinct per selector on the page. */
  name?: string;
  legend?: string;
};

/** Periods in days as a segmented control: a radio group, so arrow keys move between the periods. */
export function PeriodSelector<D extends number>({ value, onChange, options, name = 'activity-period', legend = 'Período' }: PeriodSelectorProps<D>) {
  return (
    <fieldset className="inline-flex rounded-xl bg-slate-100 p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((days) => (
        <label
          key={days}
          className={cn(
            'relative flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
            value === days ? 'bg-white text-slate-900 shadow-sm' : 'hover:text-slate-900',
          )}
        >
          <input type="radio" name={name} value={days} checked={value === days} onChange={() => onChange(days)} className="sr-only" />
          {days} dias
        </label>
      ))}
    </fieldset>
  );
}
