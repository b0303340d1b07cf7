/**
 * Registers the service worker (production builds only) and asks before switching to a new version: the app never
 * reloads itself silently, because a reload could drop what the user is typing. Accepting posts SKIP_WAITING to the
 * waiting worker and reloads once it controls the page.
 */
import { toast } from './toast.ts';

export const UPDATE_TEXTS = {
  title: 'Nova versão disponível',
  description: 'Atualize para usar a versão mais recente do Canalize.',
  action: 'Atualizar',
} as const;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });

  workbox.addEventListener('waiting', () => {
    toast.persistent(UPDATE_TEXTS.title, {
      id: 'app-update',
      description: UPDATE_TEXTS.description,
      action: {
        label: UPDATE_TEXTS.action,
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });

  try {
    await workbox.register();
  } catch (error) {
    // The app works without the worker (no offline shell); nothing the user can act on.
    console.warn('Service worker não registrado', error);
  }
}
