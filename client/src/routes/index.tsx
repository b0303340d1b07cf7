import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` → `/dashboard` (docs/product.md#access); the authenticated layout's guard sends signed-out visitors on to /login. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
