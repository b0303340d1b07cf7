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
        // Below the shell's sticky header on every screen (--shell-toast-top, set by the header); a screen whose own
        // header holds its actions (the flow editor) moves them below that one through --toast-offset-top, and a
        // column docked on the right (the editor's node panel) keeps them left of it (--toast-offset-right).
        offset={{ top: 'var(--toast-offset-top, var(--shell-toast-top, 24px))', right: 'var(--toast-offset-right, 24px)' }}
        mobileOffset={{ top: 'var(--toast-offset-top, var(--shell-toast-top, 16px))' }}
        visibleToasts={MAX_VISIBLE_TOASTS}
        duration={TOAST_DURATION.default}
        richColors
        closeButton
        containerAriaLabel="Notificações"
        // The close button is 24 px, a touch target like every other (sonner's own is 20 px).
        toastOptions={{ closeButtonAriaLabel: 'Fechar notificação', classNames: { actionButton: '!bg-brand-600 !text-white', closeButton: '!size-6' } }}
      />
    </>
  );
}
