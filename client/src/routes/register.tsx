import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { safeRedirectPath } from '../lib/safe-redirect.ts';

/** `?redirect=`: where to go once the account exists (an invitation's page); only a path of this app is kept. */
const searchSchema = (search: Record<string, unknown>): { redirect?: string | undefined } => ({ redirect: safeRedirectPath(search.redirect) });

export const Route = createFileRoute('/register')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.session.getState().isAuthenticated) throw redirect({ href: search.redirect ?? '/dashboard', replace: true });
  },
  component: RegisterPage,
});
