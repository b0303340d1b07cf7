/**
 * A sheet over the bottom of the screen (the phone editor's library and node panel): full width, never taller than
 * the screen, scrolling inside, its own footer always in view. Esc and a tap on the backdrop close it.
 */
import { useEffect, useId, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Without a backdrop the canvas above stays usable (the node panel keeps its node in view above it). */
  modal?: boolean;
  className?: string;
};

export function BottomSheet({ title, onClose, children, footer, modal = true, className }: Props) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      {modal && <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/30" onClick={onClose} />}
      <div
        role="dialog"
        aria-modal={modal ? true : undefined}
        aria-labelledby={titleId}
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[70dvh] w-full max-w-full flex-col rounded-t-2xl border-t border-slate-200 bg-white shadow-2xl',
          'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-96 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border',
          className,
        )}
      >
        <div className="flex shrink-0 items-center justify-between border-b border-slate-100 px-4 py-3">
          <h2 id={titleId} className="text-sm font-semibold text-slate-900">
            {title}
          </h2>
          <button type="button" aria-label="Fechar" className="rounded p-1.5 text-slate-400 hover:bg-slate-100" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        {footer && <div className="shrink-0 border-t border-slate-100 bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">{footer}</div>}
      </div>
    </>
  );
}
