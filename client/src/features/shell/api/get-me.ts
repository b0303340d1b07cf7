import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResult, Workspace } from '@shared/team/schemas.ts';
import { api } from '../../../lib/api.ts';
import { actingWorkspace, sessionStore, type Session } from '../../../lib/session-store.ts';

export const meKeys = { all: ['auth', 'me'] as const };

/** The account, the workspace its tokens act in (with the role there now) and every workspace it belongs to. */
export async function getMe(): Promise<MeResult> {
  const { meResponseSchema } = await import('@shared/team/schemas.ts');
  return (await api.get('/auth/me', { schema: meResponseSchema })).data;
}

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: 60_000, retry: false });

/**
 * The workspace to store when the server's answer differs from the session's: right after a sign-in the session
 * knows only the workspace's id (the account's own), so its name comes from here, and so do a rename made on another
 * device and a role an owner changed. Null when nothing changed.
 */
export function workspaceToStore(current: Session, data: MeResult): Workspace | null {
  const acting = actingWorkspace(current);
  const same = acting?.id === data.workspace.id && acting.role === data.workspace.role && acting.name === data.workspace.name;
  return same ? null : data.workspace;
}

/**
 * Keeps the stored user and workspace (its name, the member's role) in step with the server: a name changed
 * elsewhere, a role an owner changed. Failures stay silent: offline is fine.
 */
export function useSyncCurrentUser() {
  const { data } = useQuery(meQueryOptions());
  useEffect(() => {
    if (!data) return;
    const store = sessionStore();
    const current = store.getState();
    if (!current.isAuthenticated) return;
    if (JSON.stringify(current.user) !== JSON.stringify(data.user)) store.updateUser(data.user);
    const workspace = workspaceToStore(current, data);
    if (workspace) store.setWorkspace(workspace);
  }, [data]);
}
