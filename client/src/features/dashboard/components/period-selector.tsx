import { ACTIVITY_DAYS, type ActivityDays } from '@shared/dashboard/schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** 7, 30 or 90 days as a segmented control: a radio group, so arrow keys move between the periods. */
export function PeriodSelector({ value, onChange }: { value: ActivityDays; onChange: (days: ActivityDays) => void }) {
  return (
    <fieldset className="inline-flex rounded-xl bg-slate-100 p-1">
      <legend className="sr-only">Período</legend>
      {ACTIVITY_DAYS.map((days) => (
        <label
          key={days}
          className={cn(
            'relative flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
            value === days ? 'bg-white text-slate-900 shadow-sm' : 'hover:text-slate-900',
          )}
        >
          <input type="radio" name="activity-period" value={days} checked={value === days} onChange={() => onChange(days)} className="sr-only" />
          {days} dias
        </label>
      ))}
    </fieldset>
  );
}
