/**
 * The app's API client instance: the browser's session store and fetch. What happens when a session expires is
 * decided by the app (main.tsx wires it to the router), so this module stays free of routing.
 */
import { createApiClient } from './api-client.ts';
import { sessionStore } from './session-store.ts';

let sessionExpiredHandler: () => void = () => {};

export function onSessionExpired(handler: () => void) {
  sessionExpiredHandler = handler;
}

export const api = createApiClient({
  session: {
    getTokens: () => sessionStore().getTokens(),
    setTokens: (tokens) => sessionStore().setTokens(tokens),
    clear: () => sessionStore().clear(),
  },
  // Late-bound so a test or polyfill that swaps the global fetch is honoured.
  fetch: (url, init) => globalThis.fetch(url, init),
  onSessionExpired: () => sessionExpiredHandler(),
});
