import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/components/app-layout.tsx';
import { withOfflineMutations } from '../offline-mutations.ts';

/** The guard: every route under this layout needs a signed-in user (docs/product.md#access, #roles). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context }) => {
    if (!context.session.getState().isAuthenticated) throw redirect({ to: '/login', replace: true });
  },
  component: withOfflineMutations(AppLayout),
});
