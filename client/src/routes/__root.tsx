import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
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
