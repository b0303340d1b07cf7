import { Menu } from 'lucide-react';
import { useRef } from 'react';
import { useToastsBelow } from '../../../lib/use-toasts-below.ts';
import { SHELL_SUBTITLE } from '../nav-items.ts';
import { NotificationsToggle } from './notifications-toggle.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

export function Header({ title, onOpenMenu }: { title: string; onOpenMenu: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useToastsBelow(ref, { variable: '--shell-toast-top', sticky: true });
  return (
    <header ref={ref} className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/85 px-4 py-3 backdrop-blur sm:px-6 lg:px-8">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Abrir menu"
        className="-ml-1 rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold text-slate-900 sm:text-xl">{title}</h1>
        {/* On a phone the subtitle would be cut mid-word beside the indicators: it shows from sm up. */}
        <p className="hidden truncate text-sm text-slate-500 sm:block">{SHELL_SUBTITLE}</p>
      </div>
      <SyncIndicator />
      <NotificationsToggle />
    </header>
  );
}
