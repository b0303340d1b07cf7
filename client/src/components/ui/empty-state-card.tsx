import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card.tsx';

export type EmptyStateCardProps = {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  /** What to do next, usually the button that creates the first item. */
  action?: ReactNode;
};

/** A list with nothing in it: what is missing and how to start. */
export function EmptyStateCard({ icon: Icon, title, text, action }: EmptyStateCardProps) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      {action}
    </Card>
  );
}
