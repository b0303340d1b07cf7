/**
 * Web push in the browser without a push service (docs/stack-notes.md#playwright): pushManager is stubbed (a
 * subscription object kept in localStorage, whose endpoint points at a loopback address the e2e server accepts with
 * PUSH_ALLOW_LOOPBACK=1), and pushes are delivered to the service worker over CDP.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Before any page script: PushManager.subscribe / getSubscription answer a fake subscription to `endpoint`. */
export async function stubPushManager(context: BrowserContext, endpoint: string) {
  await context.addInitScript((target) => {
    const KEY = 'e2e-push-subscription';
    const json = { endpoint: target, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
    const make = (serverKey: string) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(serverKey), (c) => c.charCodeAt(0)).buffer },
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return (key === null ? null : make(key)) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!(key instanceof Uint8Array)) throw new Error('applicationServerKey must be the server key as bytes');
      localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
      return make(localStorage.getItem(KEY) ?? '') as unknown as PushSubscription;
    };
  }, endpoint);
}

/** The server key the page subscribed with (base64url), or null when it holds no subscription. */
export const subscribedKey = (page: Page) =>
  page.evaluate(() => localStorage.getItem('e2e-push-subscription')?.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') ?? null);

/** Delivers pushes to this origin's service worker over CDP, and lists the notifications it shows. */
export async function pushDelivery(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  // The browser may also list registrations of earlier contexts on this origin: deliver to every live one.
  const registrations = new Map<string, boolean>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const entry of updated) if (entry.scopeURL === `${origin}/`) registrations.set(entry.registrationId, !entry.isDeleted);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => [...registrations.values()].some(Boolean)).toBe(true);

  const shown = (): Promise<ShownNotification[]> =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, url: (n.data as { url: string }).url })),
    );

  /**
   * Delivers to every live registration (a stale one of an earlier context refuses, which is fine) and tries
   * again for a while when none took it: a worker still starting on a loaded machine refuses the first attempt.
   */
  async function deliver(data: unknown) {
    let lastError: unknown;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      let delivered = 0;
      for (const [registrationId, live] of registrations) {
        if (!live) continue;
        try {
          await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
          delivered += 1;
        } catch (error) {
          lastError = error;
        }
      }
      if (delivered > 0) return;
      await page.waitForTimeout(250);
    }
    throw new Error(`no service worker registration took the push: ${String(lastError)}`);
  }

  /**
   * Delivers until the worker shows it: on a loaded machine a CDP delivery is now and then accepted but never
   * reaches the worker's push handler. What the worker shows is still asserted by the caller.
   */
  async function deliverUntilShown(data: unknown, isShown: (notifications: ShownNotification[]) => boolean) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await deliver(data);
      for (const deadline = Date.now() + 3_000; Date.now() < deadline; await page.waitForTimeout(200)) {
        if (isShown(await shown())) return;
      }
    }
  }

  return { deliver, deliverUntilShown, shown };
}

type ShownNotification = { title: string; body: string; tag: string; lang: string; url: string };
