import type { LucideIcon } from 'lucide-react';
import { Button } from './button.tsx';
import { cn } from '../../lib/cn.ts';

export type RowAction<Key extends string> = { key: Key; label: string; icon: LucideIcon; danger?: boolean };

type Props<Key extends string> = {
  actions: readonly RowAction<Key>[];
  /** The row's name, added to each icon's accessible name on the table ("Editar Loja principal"). */
  name: string;
  onAction: (key: Key) => void;
  /** Icons alone, for a table row; labelled buttons otherwise (a card). */
  compact?: boolean;
  disabled?: boolean;
};

/** A row's actions: icons named after the action and the row on a table, labelled buttons on a card. */
export function RowActions<Key extends string>({ actions, name, onAction, compact = false, disabled = false }: Props<Key>) {
  return (
    <div className={cn('flex flex-wrap items-center', compact ? 'justify-end gap-0.5' : 'gap-2')}>
      {actions.map(({ key, label, icon: Icon, danger }) => (
        <Button
          key={key}
          variant={compact ? 'ghost' : 'outline'}
          size="sm"
          disabled={disabled}
          title={label}
          aria-label={compact ? `${label} ${name}` : undefined}
          className={cn(compact && 'px-2', danger && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
          icon={<Icon aria-hidden="true" className="size-4" />}
          onClick={() => onAction(key)}
        >
          {compact ? null : label}
        </Button>
      ))}
    </div>
  );
}
