import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { safeRedirectPath } from '../lib/safe-redirect.ts';

/** `?redirect=`: the page a signed-out visit asked for; only a path of this app is kept (lib/safe-redirect.ts). */
const searchSchema = (search: Record<string, unknown>): { redirect?: string | undefined } => ({ redirect: safeRedirectPath(search.redirect) });

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.session.getState().isAuthenticated) throw redirect({ href: search.redirect ?? '/dashboard', replace: true });
  },
  component: LoginPage,
});
