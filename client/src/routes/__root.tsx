import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/toaster.tsx';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION } from '../lib/toast.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster
        position="top-right"
        // A screen whose header holds its actions (the flow editor) moves the toasts below it through this variable.
        offset={{ top: 'var(--toast-offset-top, 24px)' }}
        mobileOffset={{ top: 'var(--toast-offset-top, 16px)' }}
        visibleToasts={MAX_VISIBLE_TOASTS}
        duration={TOAST_DURATION.default}
        richColors
        closeButton
        containerAriaLabel="Notificações"
        toastOptions={{ closeButtonAriaLabel: 'Fechar notificação', classNames: { actionButton: '!bg-brand-600 !text-white' } }}
      />
    </>
  );
}
