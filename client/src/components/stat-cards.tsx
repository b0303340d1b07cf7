import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export type StatCard = { label: string; icon: LucideIcon; tone: string; value: string | undefined };

/**
 * A row of figure cards (contacts, broadcasts): a skeleton stands in for each value until the figures arrive.
 * `compactOnPhone`: below the sm breakpoint the cards shrink to label and figure (no icon), so a row of them leaves
 * the screen's first view to the list below.
 */
export function StatCards({ label, cards, gridClassName, compactOnPhone = false }: { label: string; cards: StatCard[]; gridClassName: string; compactOnPhone?: boolean }) {
  const loading = cards.some((card) => card.value === undefined);
  return (
    <section aria-label={label} aria-busy={loading || undefined}>
      <ul className={`grid gap-3 ${gridClassName}`}>
        {cards.map(({ label: cardLabel, value, icon: Icon, tone }) => (
          <li key={cardLabel} className={cn('rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm', compactOnPhone && 'max-sm:rounded-xl max-sm:px-1.5 max-sm:py-2 max-sm:text-center')}>
            <span className={cn(`flex size-9 items-center justify-center rounded-xl ${tone}`, compactOnPhone && 'max-sm:hidden')}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className={cn('mt-3 block text-sm font-medium text-slate-500', compactOnPhone && 'max-sm:mt-0 max-sm:text-[11px] max-sm:leading-tight')}>{cardLabel}</span>
            <span className={cn('mt-1 block text-2xl font-bold tracking-tight text-slate-900 tabular-nums', compactOnPhone && 'max-sm:mt-0.5 max-sm:text-base')}>
              {value ?? <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-100" />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
