import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.session.getState().isAuthenticated) throw redirect({ to: '/dashboard', replace: true });
  },
  component: LoginPage,
});
