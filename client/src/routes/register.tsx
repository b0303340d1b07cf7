import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/components/register-page.tsx';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => {
    if (context.session.getState().isAuthenticated) throw redirect({ to: '/dashboard', replace: true });
  },
  component: RegisterPage,
});
