import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Card } from './ui/card.tsx';

type Props = {
  icon: LucideIcon;
  /** Classes of the icon's tile (its colours). */
  tone?: string;
  title: string;
  text?: ReactNode;
  /** A button or link to start. */
  action?: ReactNode;
  role?: string;
};

/** A list with nothing in it yet: an icon, what is missing and how to start. */
export function EmptyState({ icon: Icon, tone = 'bg-brand-50 text-brand-600', title, text, action, role }: Props) {
  return (
    <Card role={role} className="flex flex-col items-center px-6 py-14 text-center">
      <span className={cn('flex size-14 items-center justify-center rounded-2xl', tone)}>
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      {text && <p className="mt-2 max-w-md text-slate-600">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </Card>
  );
}
