import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { SessionStore } from './lib/session-store.ts';
import { routeTree } from './routeTree.gen.ts';
import { NotFoundPage, RouteErrorPage } from './components/route-fallbacks.tsx';

/** What every route's beforeLoad / loader receives: the guard reads the session, loaders use the query client. */
export type RouterContext = { queryClient: QueryClient; session: SessionStore };

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
