/**
 * The signed-in session (docs/product.md#state-session): `{ user, tokens, isAuthenticated }` persisted under `auth-storage`, and both
 * tokens also under `accessToken` / `refreshToken`, where the API client reads them. A tiny external store read
 * with useSyncExternalStore, so no state library is needed. Other tabs follow through the `storage` event: a logout
 * or a token refresh in one tab reaches every tab.
 */
import { useSyncExternalStore } from 'react';
import { tokensSchema, userSchema, type Tokens, type User } from '@shared/auth/schemas.ts';
import { z } from 'zod';

export const STORAGE_KEYS = {
  session: 'auth-storage',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export type Session = { user: User | null; tokens: Tokens | null; isAuthenticated: boolean };

const persistedSessionSchema = z.object({
  user: userSchema.nullable(),
  tokens: tokensSchema.nullable(),
  isAuthenticated: z.boolean(),
});

const SIGNED_OUT: Session = { user: null, tokens: null, isAuthenticated: false };

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(storage: Storage) {
  let state = read(storage);
  const listeners = new Set<() => void>();

  function commit(next: Session) {
    state = next;
    write(storage, next);
    for (const listener of listeners) listener();
  }

  return {
    getState: (): Session => state,
    getTokens: (): Tokens | null => state.tokens,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAuth(user: User, tokens: Tokens) {
      commit({ user, tokens, isAuthenticated: true });
    },
    setTokens(tokens: Tokens) {
      commit({ ...state, tokens });
    },
    /** Replaces the user only (docs/product.md#state-session). */
    updateUser(user: User) {
      commit({ ...state, user });
    },
    clear() {
      commit(SIGNED_OUT);
    },
    /** Re-reads storage (another tab wrote it) and notifies when something changed. */
    reload() {
      const next = read(storage);
      if (JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

function read(storage: Storage): Session {
  let persisted: Session = SIGNED_OUT;
  try {
    const parsed = persistedSessionSchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? 'null'));
    if (parsed.success) persisted = parsed.data;
  } catch {
    // Unreadable JSON: treat as signed out rather than crash the app at boot.
  }
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  // The separate keys are what the API client uses (docs/product.md#state-session), so they win over the copy inside auth-storage.
  const tokens = accessToken && refreshToken ? { accessToken, refreshToken } : persisted.tokens;
  const isAuthenticated = persisted.isAuthenticated && persisted.user !== null && tokens !== null;
  return isAuthenticated ? { user: persisted.user, tokens, isAuthenticated } : SIGNED_OUT;
}

function write(storage: Storage, session: Session) {
  storage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  if (session.tokens) {
    storage.setItem(STORAGE_KEYS.accessToken, session.tokens.accessToken);
    storage.setItem(STORAGE_KEYS.refreshToken, session.tokens.refreshToken);
  } else {
    storage.removeItem(STORAGE_KEYS.accessToken);
    storage.removeItem(STORAGE_KEYS.refreshToken);
  }
}

let defaultStore: SessionStore | undefined;

/** The browser's session store, created on first use so tests can build their own with any Storage. */
export function sessionStore(): SessionStore {
  if (!defaultStore) {
    const store = createSessionStore(window.localStorage);
    window.addEventListener('storage', (event) => {
      if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) store.reload();
    });
    defaultStore = store;
  }
  return defaultStore;
}

export function useSession(): Session {
  const store = sessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
