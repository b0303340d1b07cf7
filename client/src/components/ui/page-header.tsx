import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** A name in it goes in a UserText. */
  title: ReactNode;
  description: ReactNode;
  /** The screen's main action (Adicionar, Criar, Voltar), on the right; below the title on a phone. */
  actions?: ReactNode;
};

/** The heading of a list screen, under the shell's header (which carries the h1). */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h2 className="truncate text-xl font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-slate-500">{description}</p>
      </div>
      {actions}
    </div>
  );
}
