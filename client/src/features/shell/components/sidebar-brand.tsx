import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { BrandLogo, BrandMark } from '../../../components/brand-logo.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { cn } from '../../../lib/cn.ts';

type Props = { collapsed: boolean; onToggleCollapsed: () => void; onCloseMobile: () => void };

/** The sidebar's top row: the logo (the mark alone when collapsed), Fechar menu on a phone, the collapse toggle on a laptop. */
export function SidebarBrand({ collapsed, onToggleCollapsed, onCloseMobile }: Props) {
  const toggleLabel = collapsed ? 'Expandir menu' : 'Recolher menu';
  return (
    <div className={cn('relative flex h-16 shrink-0 items-center px-5', collapsed && 'md:justify-center md:px-0')}>
      {collapsed ? (
        <>
          <BrandLogo className="md:hidden" />
          <BrandMark className="hidden md:block" />
        </>
      ) : (
        <BrandLogo />
      )}
      <IconButton icon={X} label="Fechar menu" onClick={onCloseMobile} className="ml-auto text-slate-500 hover:text-slate-900 md:hidden" />
      <button
        type="button"
        onClick={onToggleCollapsed}
        aria-label={toggleLabel}
        title={toggleLabel}
        aria-expanded={!collapsed}
        className="absolute top-5 -right-3.5 z-10 hidden size-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm transition-colors hover:text-brand-600 md:flex"
      >
        {collapsed ? <PanelLeftOpen aria-hidden="true" className="size-4" /> : <PanelLeftClose aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
