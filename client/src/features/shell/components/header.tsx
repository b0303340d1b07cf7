import { Menu } from 'lucide-react';
import { useRef } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { useToastsBelow } from '../../../lib/use-toasts-below.ts';
import { SHELL_SUBTITLE } from '../nav-items.ts';
import { NotificationsToggle } from './notifications-toggle.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

export function Header({ title, onOpenMenu }: { title: string; onOpenMenu: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useToastsBelow(ref, { variable: '--shell-toast-top', sticky: true });
  return (
    <header ref={ref} className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/85 px-4 py-3 backdrop-blur sm:px-6 lg:px-8">
      <IconButton icon={Menu} label="Abrir menu" onClick={onOpenMenu} iconClassName="size-6" className="-ml-1 text-slate-600 hover:text-slate-900 md:hidden" />
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
