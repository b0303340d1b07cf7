import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { actingWorkspace, useSession } from '../../../lib/session-store.ts';
import { OfflineProvider } from '../../../offline/provider.tsx';
import { useSyncCurrentUser } from '../api/get-me.ts';
import { useSidebar } from '../hooks/use-sidebar.ts';
import { canOpenPath, homePathFor, titleForPath } from '../nav-items.ts';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';

/** The authenticated shell (docs/product.md#shell): sidebar, header with the current entry's title and sync state, and the page, over the user's local database. */
export function AppLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const sidebar = useSidebar();
  const { closeMobile } = sidebar;
  const title = titleForPath(pathname);
  const workspace = actingWorkspace(session);
  const role = workspace?.role ?? 'owner';
  useSyncCurrentUser();

  // A page the member's role may not open (a link, a bookmark, a role changed meanwhile; the server refuses it
  // anyway) is never rendered: the shell goes where the role starts.
  const allowed = canOpenPath(role, pathname);
  useEffect(() => {
    if (!allowed) void navigate({ to: homePathFor(role), replace: true });
  }, [allowed, role, navigate]);

  // The session can end while this screen is open: refresh refused, or Sair in another tab.
  useEffect(() => {
    if (!session.isAuthenticated) void navigate({ to: '/login', replace: true });
  }, [session.isAuthenticated, navigate]);

  useEffect(() => {
    closeMobile();
  }, [pathname, closeMobile]);

  useEffect(() => {
    document.title = title === 'Canalize' ? 'Canalize' : `${title} | Canalize`;
  }, [title]);

  // Signed out: the effect above is already on its way to /login; no user means no local database to read.
  if (!session.user || !workspace) return null;

  return (
    <OfflineProvider userId={session.user.id} workspaceId={workspace.id}>
      <div className="flex min-h-dvh bg-slate-50">
        <a
          href="#conteudo"
          className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Pular para o conteúdo
        </a>
        <Sidebar
          user={session.user}
          role={role}
          collapsed={sidebar.collapsed}
          onToggleCollapsed={sidebar.toggleCollapsed}
          mobileOpen={sidebar.mobileOpen}
          onCloseMobile={closeMobile}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header title={title} onOpenMenu={sidebar.openMobile} />
          <main id="conteudo" tabIndex={-1} className="flex-1 px-4 py-5 focus:outline-none sm:px-6 sm:py-6 lg:px-8">
            <div className="mx-auto w-full max-w-7xl">
              {allowed && <Outlet />}
            </div>
          </main>
        </div>
      </div>
    </OfflineProvider>
  );
}
