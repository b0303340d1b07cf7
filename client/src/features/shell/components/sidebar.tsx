import type { User } from '@shared/auth/schemas.ts';
import type { Role } from '@shared/team/permissions.ts';
import { cn } from '../../../lib/cn.ts';
import { SidebarAccount } from './sidebar-account.tsx';
import { SidebarBrand } from './sidebar-brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

type SidebarProps = {
  user: User | null;
  /** The member's role in the workspace acted in: the menu shows what it may open. */
  role: Role;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
};

/**
 * One sidebar for every width: a static column on desktop (w-64, or w-20 when collapsed) and an overlay drawer
 * below 768 px that is display:none while closed. `collapsed` only applies from md up, so the drawer always shows labels.
 */
export function Sidebar({ user, role, collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  return (
    <>
      {mobileOpen && <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" onClick={onCloseMobile} />}
      <aside
        className={cn(
          'flex-col border-r border-slate-200 bg-white',
          mobileOpen ? 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] shadow-2xl' : 'hidden',
          // Above the shell's sticky header (z-30): the collapse button straddles the sidebar's edge, over the header.
          'md:sticky md:top-0 md:z-35 md:flex md:h-dvh md:max-w-none md:shadow-none md:transition-[width] md:duration-200',
          collapsed ? 'md:w-20' : 'md:w-64',
        )}
      >
        <SidebarBrand collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} onCloseMobile={onCloseMobile} />
        <SidebarNav collapsed={collapsed} onNavigate={onCloseMobile} role={role} />
        <WorkspaceSwitcher collapsed={collapsed} />
        <SidebarAccount user={user} collapsed={collapsed} />
      </aside>
    </>
  );
}

