import { Link, useLocation } from '@tanstack/react-router';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { useCached } from '../../../offline/hooks.ts';
import type { Role } from '@shared/team/permissions.ts';
import { navItemForPath, navItemsFor } from '../nav-items.ts';

/**
 * Menu principal: one link per screen the member's role may open, the current one marked; collapsed, the icons alone
 * (the label in a title).
 */
export function SidebarNav({ collapsed, onNavigate, role }: { collapsed: boolean; onNavigate: () => void; role: Role }) {
  // The router marks a link active under its own path only; /channels/9 belongs to Meus Bots too (nav-items `also`).
  const currentTo = useLocation({ select: (location) => navItemForPath(location.pathname)?.to });
  // Chat carries the unread count of the cached conversations: right offline, and moved by every pull.
  const unread = useCached(async (db) => (await db.conversations.toArray()).reduce((sum, row) => sum + row.unreadCount, 0), []) ?? 0;
  return (
    <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {navItemsFor(role).map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              aria-current={currentTo === to ? 'page' : undefined}
              className={cn(
                'group relative flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
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
              <span className={cn('truncate', collapsed ? 'md:sr-only' : '')}>{label}</span>
              {to === '/chat' && unread > 0 && <UnreadBadge count={unread} collapsed={collapsed} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The unread count beside Chat (over the icon when the sidebar is collapsed); read aloud with the link's name. */
function UnreadBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  return (
    <span
      data-testid="chat-unread-badge"
      className={cn(
        'ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums',
        collapsed && 'md:absolute md:top-1 md:right-1 md:ml-0',
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`(${formatCount(count, 'mensagem não lida', 'mensagens não lidas')})`}</span>
    </span>
  );
}
