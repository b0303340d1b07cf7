/** A node's menu (long press on a phone, right click elsewhere): Editar, Duplicar, Excluir. */
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { XY } from '../../model/graph-actions.ts';

type Props = { at: XY; onEdit: () => void; onDuplicate: () => void; onDelete: () => void; onClose: () => void };

const WIDTH = 176;
const HEIGHT = 140;

export function NodeMenu({ at, onEdit, onDuplicate, onDelete, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const away = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    const key = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    // The press that opened the menu must not close it: listen from the next tick.
    const id = setTimeout(() => document.addEventListener('pointerdown', away), 0);
    document.addEventListener('keydown', key);
    return () => {
      clearTimeout(id);
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
    };
  }, [onClose]);
  const left = Math.max(8, Math.min(at.x, window.innerWidth - WIDTH - 8));
  const top = Math.max(8, Math.min(at.y, window.innerHeight - HEIGHT - 8));
  const item = 'flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  const act = (run: () => void) => () => {
    onClose();
    run();
  };
  return (
    <div ref={ref} role="menu" aria-label="Ações do nó" className="fixed z-50 rounded-lg border border-slate-200 bg-white p-1 shadow-xl" style={{ left, top, width: WIDTH }}>
      <button type="button" role="menuitem" className={item} onClick={act(onEdit)}>
        <Pencil aria-hidden="true" className="size-4" /> Editar
      </button>
      <button type="button" role="menuitem" className={item} onClick={act(onDuplicate)}>
        <Copy aria-hidden="true" className="size-4" /> Duplicar
      </button>
      <button type="button" role="menuitem" className={`${item} text-red-600`} onClick={act(onDelete)}>
        <Trash2 aria-hidden="true" className="size-4" /> Excluir
      </button>
    </div>
  );
}
