import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export type CardField = { label: string; value: ReactNode; /** Spans both columns. */ wide?: boolean; className?: string };

type Props = {
  /** The card's accessible name (the entity's name). */
  label: string;
  testId: string;
  title: ReactNode;
  /** Beside the title, on the right (a status). */
  badge?: ReactNode;
  /** Under the title. */
  below?: ReactNode;
  fields: CardField[];
  /** After the fields. */
  children?: ReactNode;
  actions: ReactNode;
  className?: string;
};

/** One entity as a card in a list: title and status, its fields two by two, its actions under a rule. */
export function DataCard({ label, testId, title, badge, below, fields, children, actions, className }: Props) {
  return (
    <li data-testid={testId} aria-label={label} className={cn('min-w-0 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{title}</div>
        {badge}
      </div>
      {below && <div className="mt-2">{below}</div>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        {fields.map((field) => (
          <div key={field.label} className={cn('min-w-0', field.wide && 'col-span-2')}>
            <dt className="text-xs text-slate-500">{field.label}</dt>
            <dd className={field.className ?? 'text-slate-800'}>{field.value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions}</div>
    </li>
  );
}
