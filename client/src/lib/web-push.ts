/**
 * Web push on this device (docs/decisions.md#web-push): whether notifications can work here, and turning them on
 * (permission, asked only from the user's click; pushManager.subscribe with the server's public key; the
 * subscription POSTed to /api/push/subscriptions) and off (unsubscribe here, DELETE there). Signing out forgets
 * this browser's subscription, so the next person on it never sees the previous account's messages.
 */
import { useCallback, useEffect, useState } from 'react';
import { pushPublicKeyResponseSchema } from '@shared/push/schemas.ts';
import { api } from './api.ts';

export type PushState = 'checking' | 'on' | 'off' | 'denied' | 'unsupported' | 'ios-install';

export const PUSH_TEXTS = {
  label: 'Notificações',
  states: {
    checking: 'verificando…',
    on: 'ativadas',
    off: 'desativadas',
    denied: 'bloqueadas pelo navegador',
    unsupported: 'não suportadas neste navegador',
    'ios-install': 'instale o app para ativar',
  } satisfies Record<PushState, string>,
  enabled: 'Notificações ativadas neste aparelho.',
  disabled: 'Notificações desativadas neste aparelho.',
  denied: 'As notificações estão bloqueadas pelo navegador. Libere-as nas configurações do site e tente de novo.',
  unsupported: 'Este navegador não oferece notificações push.',
  iosInstall: 'No iPhone, as notificações só funcionam com o Canalize instalado na tela de início: toque em Compartilhar e depois em "Adicionar à Tela de Início".',
  failed: 'Não foi possível ativar as notificações. Tente novamente.',
} as const;

const READY_TIMEOUT_MS = 3000;

/** iPhone/iPad Safari outside the home-screen app: Web Push exists only for installed web apps (iOS 16.4+). */
export function needsHomeScreenInstall(nav: Navigator = navigator, standalone = isStandalone()): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  return ios && !standalone;
}

function isStandalone(): boolean {
  return Reflect.get(navigator, 'standalone') === true || globalThis.matchMedia?.('(display-mode: standalone)').matches === true;
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis;

/** The active service worker registration, or undefined when there is none soon (development has none). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READY_TIMEOUT_MS)));
  const ready = await Promise.race([navigator.serviceWorker.ready, timeout]);
  clearTimeout(timer);
  return ready;
}

export async function readPushState(): Promise<PushState> {
  if (!supported()) return needsHomeScreenInstall() ? 'ios-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const found = await registration();
  if (!found) return 'unsupported';
  const subscription = await found.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Must be called from a click: the permission prompt needs the user's gesture (Safari refuses it otherwise). */
export async function enablePush(): Promise<PushState> {
  // Asked first, before any other await, while the click still counts as the user's gesture.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const found = await registration();
  if (!found) return 'unsupported';
  const { publicKey } = (await api.get('/push/public-key', { schema: pushPublicKeyResponseSchema })).data;
  let subscription = await found.pushManager.getSubscription();
  // A subscription made with another server key cannot receive our pushes: replace it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) });
  await api.post('/push/subscriptions', subscription.toJSON(), { fallbackMessage: PUSH_TEXTS.failed });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const found = await registration();
  const subscription = await found?.pushManager.getSubscription();
  if (subscription) {
    await api.request('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  }
  return 'off';
}

/**
 * Sign-out: this browser stops receiving the account's pushes. The DELETE is built now, with the access token still
 * in place; the browser-side unsubscribe also kills the endpoint, so a DELETE that never arrives is pruned later
 * (its push service answers 410).
 */
export function forgetPushOnThisDevice(): void {
  if (!supported()) return;
  const token = api.accessToken();
  void navigator.serviceWorker.getRegistration().then(async (found) => {
    const subscription = await found?.pushManager.getSubscription();
    if (!subscription) return;
    await globalThis
      .fetch('/api/push/subscriptions', {
        method: 'DELETE',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
      })
      .catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  }).catch(() => undefined);
}

/** The toggle's state and action (docs/product.md#shell). */
export function usePushNotifications() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () => readPushState().then((next) => live && setState(next)).catch(() => live && setState('unsupported'));
    void read();
    // A first visit on a slow device may install the service worker after the first read gave up waiting for it:
    // when it becomes ready, read again rather than keep saying the browser has no push.
    if (supported()) void navigator.serviceWorker.ready.then(read);
    return () => {
      live = false;
    };
  }, []);

  const toggle = useCallback(async (): Promise<PushState> => {
    setBusy(true);
    try {
      const next = state === 'on' ? await disablePush() : await enablePush();
      setState(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, [state]);

  return { state, busy, toggle };
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, publicKey: string): boolean {
  if (!current) return true;
  const expected = fromBase64Url(publicKey);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}
