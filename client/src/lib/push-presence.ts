/**
 * Presence for web push (docs/decisions.md#web-push): while a conversation is open in a visible tab, the tab says
 * so every 20 s (PUT /api/push/presence, a 45 s TTL on the server), so a message in that conversation is not also
 * pushed to the user's devices. Hiding the tab, leaving the conversation or closing the page says "none" at once
 * (fetch keepalive, which outlives the page); a tab that vanishes silently is forgotten when its TTL runs out.
 */
import { useEffect } from 'react';
import { PRESENCE_HEARTBEAT_MS } from '@shared/push/schemas.ts';
import { api } from './api.ts';

/** This page load; a reload is a new tab as far as presence goes (the old one's row expires). */
const TAB_ID = crypto.randomUUID();

let queue: Promise<unknown> = Promise.resolve();

/** Reports one after another (a switch's "none" never overtakes the next conversation's report). */
function report(contactId: string | null): void {
  if (!api.accessToken()) return;
  queue = queue.then(() => api.request('/push/presence', { method: 'PUT', body: { tabId: TAB_ID, contactId } }).catch(() => undefined));
}

/** The page is going away: a request that outlives it, with the token it has now. */
function leaveNow(): void {
  const token = api.accessToken();
  if (!token) return;
  void globalThis
    .fetch('/api/push/presence', {
      method: 'PUT',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ tabId: TAB_ID, contactId: null }),
    })
    .catch(() => undefined);
}

/** Reports `contactId` (the open conversation, or undefined) while this tab is visible. */
export function useConversationPresence(contactId: string | undefined): void {
  useEffect(() => {
    if (!contactId) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const sync = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState !== 'visible') {
        // A hidden page may be frozen at any moment (phones): a request that outlives it.
        leaveNow();
        return;
      }
      report(contactId);
      timer = setInterval(() => report(contactId), PRESENCE_HEARTBEAT_MS);
    };
    sync();
    document.addEventListener('visibilitychange', sync);
    globalThis.addEventListener('pagehide', leaveNow);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', sync);
      globalThis.removeEventListener('pagehide', leaveNow);
      report(null);
    };
  }, [contactId]);
}
