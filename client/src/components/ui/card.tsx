import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-slate-200/80 bg-white shadow-sm', className)} {...props} />;
}

export type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown on the right of the title. */
  actions?: ReactNode;
  /** Heading level of the title; pick the one that fits the page outline. */
  as?: 'h2' | 'h3';
  className?: string;
};

export function CardHeader({ title, description, actions, as: Heading = 'h2', className }: CardHeaderProps) {
  return (
    <div className={cn('flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6', className)}>
      <div className="min-w-0">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
        {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-4 sm:px-6 sm:py-5', className)} {...props} />;
}
