import { describe, expect, test } from 'bun:test';
import type { MeResult } from '@shared/team/schemas.ts';
import type { Session } from '../../../lib/session-store.ts';
import { workspaceToStore } from './get-me.ts';

const user = { id: 'u1', name: 'Ana', email: 'ana@exemplo.com', createdAt: '2026-01-01T00:00:00.000Z' };
const tokens = { accessToken: 'a', refreshToken: 'r' };
const me = (name: string, role: 'owner' | 'agent' = 'owner', id = 'u1'): MeResult => ({ user, workspace: { id, name, role }, workspaces: [] });

describe('the stored workspace follows GET /auth/me', () => {
  test('right after a sign-in the session learns its workspace name', () => {
    const signedIn: Session = { user, tokens, isAuthenticated: true };
    expect(workspaceToStore(signedIn, me('Equipe de Ana'))).toEqual({ id: 'u1', name: 'Equipe de Ana', role: 'owner' });
  });

  test('a rename or a role change elsewhere is stored; the same workspace is left alone', () => {
    const session: Session = { user, tokens, isAuthenticated: true, workspace: { id: 'w2', name: 'Loja', role: 'agent' } };
    expect(workspaceToStore(session, me('Loja', 'agent', 'w2'))).toBeNull();
    expect(workspaceToStore(session, me('Loja da Ana', 'agent', 'w2'))?.name).toBe('Loja da Ana');
    expect(workspaceToStore(session, me('Loja', 'owner', 'w2'))?.role).toBe('owner');
  });
});
