import { Link, useLocation } from '@tanstack/react-router';
import { LogOut, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { User } from '@shared/auth/schemas.ts';
import { BrandLogo, BrandMark } from '../../../components/brand-logo.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { logoutQuestion, useLogout } from '../hooks/use-logout.ts';
import { NAV_ITEMS, navItemForPath } from '../nav-items.ts';

type SidebarProps = {
  user: User | null;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
};

/**
 * One sidebar for every width: a static column on desktop (w-64, or w-20 when collapsed) and an overlay drawer
 * below 768 px that is display:none while closed. `collapsed` only applies from md up, so the drawer always shows labels.
 */
export function Sidebar({ user, collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const logout = useLogout();
  // The router marks a link active under its own path only; /channels/9 belongs to Meus Bots too (nav-items `also`).
  const currentTo = useLocation({ select: (location) => navItemForPath(location.pathname)?.to });
  const onlyWide = collapsed ? 'md:sr-only' : '';

  return (
    <>
      {mobileOpen && <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" onClick={onCloseMobile} />}
      <aside
        className={cn(
          'flex-col border-r border-slate-200 bg-white',
          mobileOpen ? 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] shadow-2xl' : 'hidden',
          'md:sticky md:top-0 md:z-auto md:flex md:h-dvh md:max-w-none md:shadow-none md:transition-[width] md:duration-200',
          collapsed ? 'md:w-20' : 'md:w-64',
        )}
      >
        <div className={cn('relative flex h-16 shrink-0 items-center px-5', collapsed && 'md:justify-center md:px-0')}>
          {collapsed ? (
            <>
              <BrandLogo className="md:hidden" />
              <BrandMark className="hidden md:block" />
            </>
          ) : (
            <BrandLogo />
          )}
          <button
            type="button"
            onClick={onCloseMobile}
            aria-label="Fechar menu"
            className="ml-auto rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 md:hidden"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
            title={collapsed ? 'Expandir menu' : 'Recolher menu'}
            aria-expanded={!collapsed}
            className="absolute top-5 -right-3.5 z-10 hidden size-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm transition-colors hover:text-brand-600 md:flex"
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" className="size-4" /> : <PanelLeftClose aria-hidden="true" className="size-4" />}
          </button>
        </div>

        <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onCloseMobile}
                  title={collapsed ? label : undefined}
                  aria-current={currentTo === to ? 'page' : undefined}
                  className={cn(
                    'group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                    currentTo === to
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700',
                    collapsed && 'md:justify-center md:px-0',
                  )}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn(
                      'size-5 shrink-0',
                      currentTo === to ? 'text-brand-600' : 'text-slate-400 group-hover:text-slate-600 group-data-[status=active]:text-brand-600',
                    )}
                  />
                  <span className={cn('truncate', onlyWide)}>{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className={cn('shrink-0 border-t border-slate-200 p-3', collapsed && 'md:px-2')}>
          <div className={cn('flex items-center gap-3 rounded-xl px-2 py-2', collapsed && 'md:flex-col md:gap-2 md:px-0')}>
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white"
            >
              {initialOf(user?.name)}
            </span>
            <div className={cn('min-w-0 flex-1', collapsed && 'md:hidden')}>
              <p className="truncate text-sm font-medium text-slate-900">{user?.name}</p>
              <p className="truncate text-xs text-slate-500">{user?.email}</p>
            </div>
            <button
              type="button"
              onClick={() => void logout.request()}
              title="Sair"
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className={onlyWide}>Sair</span>
            </button>
          </div>
        </div>
      </aside>
      <ConfirmDialog
        open={logout.confirming}
        title="Sair com alterações pendentes"
        message={logoutQuestion(logout.pending)}
        confirmLabel="Sair e descartar"
        danger
        onConfirm={logout.confirm}
        onCancel={logout.cancel}
      />
    </>
  );
}

function initialOf(name: string | undefined): string {
  return name?.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';
}
