/**
 * Canalize's service worker (docs/offline-sync.md#rule-10): precaches the app shell built by Vite, answers navigations with
 * index.html so every client route opens offline, and never touches /api — API data is cached by the app (Dexie),
 * not here. A new version waits until the user accepts the "Nova versão disponível" prompt (SKIP_WAITING). Web
 * pushes become notifications; a click focuses an open Canalize window (or opens one) on the pushed page.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { parsePushMessage } from './push-message.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      lang: 'pt-BR',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
      // Pushes of one conversation replace each other instead of piling up.
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (!open) {
        await self.clients.openWindow(target);
        return;
      }
      // Focus may be refused (no user activation left); the window still goes to the conversation.
      const focused = await open.focus().catch(() => open);
      if (focused.url !== target) await focused.navigate(target);
    })(),
  );
});
