import { MoreVertical } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';

/** The phone header's "Mais ações" menu; a click away or Escape closes it. */
export function OverflowMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => !ref.current?.contains(event.target as Node) && setOpen(false);
    const key = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative shrink-0">
      <Button variant="ghost" size="sm" aria-label="Mais ações" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} icon={<MoreVertical aria-hidden="true" className="size-4" />} />
      {open && (
        // A click on an item closes the menu (the toggle and the chip keep it open, so their state can be seen).
        <div
          role="menu"
          aria-label="Mais ações"
          className="absolute top-full right-0 z-50 mt-1 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-xl"
          onClick={(event) => (event.target as HTMLElement).closest('[role="menuitem"]') && setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}

export function MenuItem({ icon, disabled, onClick, children }: { icon: ReactNode; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" disabled={disabled} onClick={onClick} className="flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-40">
      {icon}
      {children}
    </button>
  );
}
