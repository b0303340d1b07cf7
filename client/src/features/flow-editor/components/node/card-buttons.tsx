import { Plus, Trash2 } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';

/** The round delete button shown on a card's corner while hovered. */
export function DeleteNodeButton({ onDelete }: { onDelete: () => void }) {
  return (
    <button
      type="button"
      aria-label="Excluir nó"
      className="nodrag absolute -top-3 -right-3 hidden size-7 items-center justify-center rounded-full bg-red-600 text-white shadow group-hover:flex"
      onClick={(event) => {
        event.stopPropagation();
        onDelete();
      }}
    >
      <Trash2 aria-hidden="true" className="size-3.5" />
    </button>
  );
}

/**
 * The "+" under a card: shown on hover, when selected, and always to a finger. 52 px below the card, so that its own
 * 26 px target (`.add-next`, flow-canvas.css) starts past the bottom dot's at a phone's opening zoom and each keeps
 * its own taps.
 */
export function AddNextButton({ selected, onAdd }: { selected: boolean; onAdd: () => void }) {
  return (
    <button
      type="button"
      aria-label="Adicionar próximo nó"
      title="Adicionar próximo nó"
      className={cn(
        'add-next nodrag nopan absolute -bottom-20 left-1/2 flex size-7 -translate-x-1/2 items-center justify-center rounded-full border border-blue-300 bg-white text-blue-600 shadow-sm',
        'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-100',
        selected && 'opacity-100',
      )}
      onClick={(event) => {
        event.stopPropagation();
        onAdd();
      }}
    >
      <Plus aria-hidden="true" className="size-4" />
    </button>
  );
}
