/**
 * Registers the service worker (production builds only) and decides when a new version takes over
 * (docs/offline-sync.md#rule-10). Taking over reloads the page, so it happens by itself only when nothing can be
 * lost: no change waiting in the outbox, no field being typed in and no form holding unsaved typing. Otherwise "Nova versão disponível" asks, and
 * the update still applies by itself once the outbox drains (checked every few seconds while it waits).
 */
import { toast } from './toast.ts';
import { hasUnsavedChanges } from './unsaved-changes.ts';

export const UPDATE_TEXTS = {
  title: 'Nova versão disponível',
  description: 'Atualize para usar a versão mais recente do Canalize.',
  pendingDescription: 'Ela será aplicada quando suas alterações pendentes forem sincronizadas, ou agora se preferir.',
  action: 'Atualizar',
} as const;

const RECHECK_MS = 3000;

export type UpdateGate = {
  /** Changes queued on this device and not yet accepted by the server (0 when nobody is signed in). */
  pendingChanges: () => Promise<number>;
};

export function shouldApplyUpdate({ pending, editing }: { pending: number; editing: boolean }): boolean {
  return pending === 0 && !editing;
}

function isEditing(): boolean {
  if (hasUnsavedChanges()) return true;
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName));
}

export async function registerServiceWorker(gate: UpdateGate): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let applying = false;

  function apply() {
    if (applying) return;
    applying = true;
    toast.dismiss('app-update');
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  }

  const canApply = async () => shouldApplyUpdate({ pending: await gate.pendingChanges().catch(() => 1), editing: isEditing() });

  /** Takes the new version now when nothing can be lost, else asks and takes it by itself once that holds. */
  async function takeOverWhenSafe(takeOver: () => void) {
    if (await canApply()) return takeOver();
    const pending = await gate.pendingChanges().catch(() => 0);
    toast.persistent(UPDATE_TEXTS.title, {
      id: 'app-update',
      description: pending > 0 ? UPDATE_TEXTS.pendingDescription : UPDATE_TEXTS.description,
      action: { label: UPDATE_TEXTS.action, onClick: takeOver },
    });
    const timer = setInterval(() => {
      void canApply().then((ok) => {
        if (!ok) return;
        clearInterval(timer);
        takeOver();
      });
    }, RECHECK_MS);
  }

  // Another tab applied the update: the new worker (clients.claim) now serves this page too, while it still runs the
  // old code, whose lazily loaded chunks the new cache may no longer hold. Reload as soon as nothing can be lost
  // here; until then ask, like the tab that found the update.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (applying || !hadController) return;
    void takeOverWhenSafe(() => window.location.reload());
  });

  workbox.addEventListener('waiting', () => void takeOverWhenSafe(apply));

  try {
    await workbox.register();
  } catch (error) {
    // The app works without the worker (no offline shell); nothing the user can act on.
    console.warn('Service worker não registrado', error);
  }
}
