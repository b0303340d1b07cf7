import { FlaskConical, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

export type PixelAction = 'test' | 'edit' | 'remove';

const ACTIONS: { action: PixelAction; label: string; icon: LucideIcon }[] = [
  { action: 'test', label: 'Evento teste', icon: FlaskConical },
  { action: 'edit', label: 'Editar', icon: Pencil },
  { action: 'remove', label: 'Remover', icon: Trash2 },
];

type Props = { pixel: Pixel; onAction: (action: PixelAction, pixel: Pixel) => void; compact?: boolean; disabled?: boolean };

/** Evento teste, Editar, Remover: icons named after the action and the pixel on the table, labelled buttons on a card. */
export function PixelActions({ pixel, onAction, compact = false, disabled = false }: Props) {
  return (
    <div className={cn('flex flex-wrap items-center', compact ? 'justify-end gap-0.5' : 'gap-2')}>
      {ACTIONS.map(({ action, label, icon: Icon }) => (
        <Button
          key={action}
          variant={compact ? 'ghost' : 'outline'}
          size="sm"
          disabled={disabled}
          title={label}
          aria-label={compact ? `${label} ${pixel.name}` : undefined}
          className={cn(compact && 'px-2', action === 'remove' && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
          icon={<Icon aria-hidden="true" className="size-4" />}
          onClick={() => onAction(action, pixel)}
        >
          {compact ? null : label}
        </Button>
      ))}
    </div>
  );
}
