import { beforeEach, describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { parsePersistedSession } from './session-schema.ts';
import { actingWorkspace, createSessionStore, STORAGE_KEYS } from './session-store.ts';

const storage = new Window().localStorage;
const user = { id: 'u1', name: 'Ana Souza', email: 'ana@exemplo.com', createdAt: '2025-01-01T00:00:00.000Z' };
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

beforeEach(() => storage.clear());

describe('session store', () => {
  test('persists the session under auth-storage and both tokens under their own keys', () => {
    createSessionStore(storage, () => parsePersistedSession).setAuth(user, tokens);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? 'null')).toEqual({ user, tokens, isAuthenticated: true });
    expect(storage.getItem('accessToken')).toBe('access-1');
    expect(storage.getItem('refreshToken')).toBe('refresh-1');
  });

  test('a new store (a reload) starts from what was persisted', () => {
    createSessionStore(storage, () => parsePersistedSession).setAuth(user, tokens);
    expect(createSessionStore(storage, () => parsePersistedSession).getState()).toEqual({ user, tokens, isAuthenticated: true });
  });

  test('the separate token keys win over the copy inside auth-storage', () => {
    createSessionStore(storage, () => parsePersistedSession).setAuth(user, tokens);
    storage.setItem('accessToken', 'access-2');
    expect(createSessionStore(storage, () => parsePersistedSession).getTokens()?.accessToken).toBe('access-2');
  });

  test('clear resets to signed out and removes both tokens', () => {
    const store = createSessionStore(storage, () => parsePersistedSession);
    store.setAuth(user, tokens);
    store.clear();
    expect(store.getState()).toEqual({ user: null, tokens: null, isAuthenticated: false });
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
  });

  test('updateUser replaces the user only; setTokens the tokens only', () => {
    const store = createSessionStore(storage, () => parsePersistedSession);
    store.setAuth(user, tokens);
    store.updateUser({ ...user, name: 'Ana S.' });
    store.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(store.getState()).toEqual({ user: { ...user, name: 'Ana S.' }, tokens: { accessToken: 'a2', refreshToken: 'r2' }, isAuthenticated: true });
  });

  test('notifies subscribers, and reload() picks up what another tab wrote', () => {
    const mine = createSessionStore(storage, () => parsePersistedSession);
    mine.setAuth(user, tokens);
    let notified = 0;
    mine.subscribe(() => notified++);
    createSessionStore(storage, () => parsePersistedSession).clear(); // the other tab signs out
    mine.reload();
    expect(notified).toBe(1);
    expect(mine.getState().isAuthenticated).toBe(false);
  });

  test('a signed-out visit reads nothing, so it needs no parser (zod stays out of /login); a stored session does', () => {
    expect(createSessionStore(storage, () => undefined).getState()).toEqual({ user: null, tokens: null, isAuthenticated: false });
    createSessionStore(storage, () => parsePersistedSession).setAuth(user, tokens);
    expect(() => createSessionStore(storage, () => undefined)).toThrow('prepareSessionStore');
  });

  test('a stored session that does not match the shared schemas reads as signed out', () => {
    storage.setItem(STORAGE_KEYS.session, JSON.stringify({ user: { id: 'u1' }, tokens, isAuthenticated: true }));
    expect(createSessionStore(storage, () => parsePersistedSession).getState().isAuthenticated).toBe(false);
  });

  test('unreadable storage means signed out, not a crash', () => {
    storage.setItem(STORAGE_KEYS.session, '{not json');
    expect(createSessionStore(storage, () => parsePersistedSession).getState().isAuthenticated).toBe(false);
  });

  test('setWorkspace stores the workspace acted in with its tokens; a reload keeps both; a sign-in acts in the own one again', () => {
    const store = createSessionStore(storage, () => parsePersistedSession);
    store.setAuth(user, tokens);
    expect(actingWorkspace(store.getState())).toEqual({ id: user.id, name: '', role: 'owner' });
    const workspace = { id: 'w2', name: 'Equipe da Bia', role: 'agent' as const };
    store.setWorkspace(workspace, { accessToken: 'access-2', refreshToken: 'refresh-2' });
    const reloaded = createSessionStore(storage, () => parsePersistedSession).getState();
    expect([reloaded.workspace, reloaded.tokens?.accessToken, storage.getItem('accessToken')]).toEqual([workspace, 'access-2', 'access-2']);
    store.setAuth(user, tokens);
    expect(actingWorkspace(store.getState())?.id).toBe(user.id);
  });
});
