import { cn } from '../../../lib/cn.ts';

/** One pressed-or-not choice of the list's filters (a segment of a group, or a toggle on its own). */
export function ToggleButton({ pressed, onClick, children }: { pressed: boolean; onClick(): void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'h-7 shrink-0 rounded-md px-2.5 text-sm font-medium whitespace-nowrap sm:px-3',
        pressed ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}
