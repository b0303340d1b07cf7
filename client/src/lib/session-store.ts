/**
 * The signed-in session (docs/product.md#state-session): `{ user, tokens, isAuthenticated }` persisted under `auth-storage`, and both
 * tokens also under `accessToken` / `refreshToken`, where the API client reads them. A tiny external store read
 * with useSyncExternalStore, so no state library is needed. Other tabs follow through the `storage` event: a logout
 * or a token refresh in one tab reaches every tab.
 *
 * What is stored is parsed with the shared schemas (session-schema.ts), loaded only when there is something to
 * parse: a first visit to /login runs no zod (prepareSessionStore, awaited by main.tsx before the first render).
 */
import { useSyncExternalStore } from 'react';
import type { Tokens, User } from '@shared/auth/schemas.ts';
import type { Workspace } from '@shared/team/schemas.ts';
import type { PersistedSession } from './session-schema.ts';

export const STORAGE_KEYS = {
  session: 'auth-storage',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

/**
 * `workspace`: the one the tokens act in (docs/decisions.md#teams), with the member's role; absent after a sign-in
 * (and on sessions stored before workspaces): the account's own (see actingWorkspace).
 */
export type Session = { user: User | null; tokens: Tokens | null; isAuthenticated: boolean; workspace?: Workspace | null };

/** The workspace the session acts in: the stored one, else the account's own (its id is the user id; its founder owns it). */
export function actingWorkspace(session: Session): Workspace | null {
  if (session.workspace) return session.workspace;
  return session.user ? { id: session.user.id, name: '', role: 'owner' } : null;
}

/** session-schema.ts's parser: passed by tests, loaded by prepareSessionStore for the browser's store. */
export type ParseSession = (value: unknown) => PersistedSession | null;

const SIGNED_OUT: Session = { user: null, tokens: null, isAuthenticated: false };

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(storage: Storage, parse: () => ParseSession | undefined) {
  let state = read(storage, parse());
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
    /** Signed in or registered: the tokens act in the account's own workspace. */
    setAuth(user: User, tokens: Tokens) {
      commit({ user, tokens, isAuthenticated: true });
    },
    /** Tokens acting in another workspace (a switch, an accepted invitation), or the workspace's name and role refreshed. */
    setWorkspace(workspace: Workspace, tokens?: Tokens) {
      commit({ ...state, workspace, ...(tokens ? { tokens } : {}) });
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
      const next = read(storage, parse());
      if (JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** True when storage holds something a session could be read from (then the parser is needed). */
function holdsSession(storage: Storage): boolean {
  return Object.values(STORAGE_KEYS).some((key) => storage.getItem(key) !== null);
}

function read(storage: Storage, parse: ParseSession | undefined): Session {
  if (!holdsSession(storage)) return SIGNED_OUT;
  if (!parse) throw new Error('prepareSessionStore() must run before a stored session is read');
  let persisted: Session = SIGNED_OUT;
  try {
    persisted = parse(JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? 'null')) ?? SIGNED_OUT;
  } catch {
    // Unreadable JSON: treat as signed out rather than crash the app at boot.
  }
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  // The separate keys are what the API client uses (docs/product.md#state-session), so they win over the copy inside auth-storage.
  const tokens = accessToken && refreshToken ? { accessToken, refreshToken } : persisted.tokens;
  const isAuthenticated = persisted.isAuthenticated && persisted.user !== null && tokens !== null;
  if (!isAuthenticated) return SIGNED_OUT;
  return { user: persisted.user, tokens, isAuthenticated, ...(persisted.workspace ? { workspace: persisted.workspace } : {}) };
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
let parser: ParseSession | undefined;

async function loadParser(): Promise<ParseSession> {
  parser ??= (await import('./session-schema.ts')).parsePersistedSession;
  return parser;
}

/**
 * Loads the stored-session parser when the browser's storage holds a session (a signed-in visit); a signed-out
 * visit skips it, and with it zod. main.tsx awaits this before anything reads the session.
 */
export async function prepareSessionStore(): Promise<void> {
  if (holdsSession(window.localStorage)) await loadParser();
}

/** The browser's session store, created on first use so tests can build their own with any Storage. */
export function sessionStore(): SessionStore {
  if (!defaultStore) {
    const store = createSessionStore(window.localStorage, () => parser);
    window.addEventListener('storage', (event) => {
      if (event.key !== null && !Object.values<string>(STORAGE_KEYS).includes(event.key)) return;
      // Another tab signed in while this one never needed the parser: load it first.
      if (parser || !holdsSession(window.localStorage)) store.reload();
      else void loadParser().then(() => store.reload());
    });
    defaultStore = store;
  }
  return defaultStore;
}

export function useSession(): Session {
  const store = sessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
