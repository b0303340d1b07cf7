import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/components/app-layout.tsx';
import { loginSearch } from '../lib/safe-redirect.ts';
import { withOfflineMutations } from '../offline-mutations.ts';

/**
 * The guard: every route under this layout needs a signed-in user (docs/product.md#access, #roles). A signed-out
 * visit keeps the address it asked for, so signing in lands there (a link from a message, a bookmark).
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (context.session.getState().isAuthenticated) return;
    throw redirect({ to: '/login', search: loginSearch(location.href), replace: true });
  },
  component: withOfflineMutations(AppLayout),
});
