import type { LucideIcon } from 'lucide-react';

export type StatCard = { label: string; icon: LucideIcon; tone: string; value: string | undefined };

/** A row of figure cards (contacts, broadcasts): a skeleton stands in for each value until the figures arrive. */
export function StatCards({ label, cards, gridClassName }: { label: string; cards: StatCard[]; gridClassName: string }) {
  const loading = cards.some((card) => card.value === undefined);
  return (
    <section aria-label={label} aria-busy={loading || undefined}>
      <ul className={`grid gap-3 ${gridClassName}`}>
        {cards.map(({ label: cardLabel, value, icon: Icon, tone }) => (
          <li key={cardLabel} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
            <span className={`flex size-9 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="mt-3 block text-sm font-medium text-slate-500">{cardLabel}</span>
            <span className="mt-1 block text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
              {value ?? <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-100" />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
