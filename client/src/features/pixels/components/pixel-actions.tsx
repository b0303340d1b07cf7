import { FlaskConical, Pencil, Trash2 } from 'lucide-react';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { RowActions, type RowAction } from '../../../components/ui/row-actions.tsx';

export type PixelAction = 'test' | 'edit' | 'remove';

const ACTIONS: RowAction<PixelAction>[] = [
  { key: 'test', label: 'Evento teste', icon: FlaskConical },
  { key: 'edit', label: 'Editar', icon: Pencil },
  { key: 'remove', label: 'Remover', icon: Trash2, danger: true },
];

type Props = { pixel: Pixel; onAction: (action: PixelAction, pixel: Pixel) => void; compact?: boolean; disabled?: boolean };

/** Evento teste, Editar, Remover: icons named after the action and the pixel on the table, labelled buttons on a card. */
export function PixelActions({ pixel, onAction, compact = false, disabled = false }: Props) {
  return <RowActions actions={ACTIONS} name={pixel.name} onAction={(action) => onAction(action, pixel)} compact={compact} disabled={disabled} />;
}
