import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meResponseSchema, type User } from '@shared/auth/schemas.ts';
import { api } from '../../../lib/api.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export const meKeys = { all: ['auth', 'me'] as const };

export async function getMe(): Promise<User> {
  const body = await api.get('/auth/me', { schema: meResponseSchema });
  return body.data.user;
}

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: 5 * 60_000, retry: false });

/** Keeps the stored user in step with the server (a name changed elsewhere). Failures stay silent: offline is fine. */
export function useSyncCurrentUser() {
  const { data } = useQuery(meQueryOptions());
  useEffect(() => {
    if (!data) return;
    const current = sessionStore().getState();
    if (current.isAuthenticated && JSON.stringify(current.user) !== JSON.stringify(data)) sessionStore().updateUser(data);
  }, [data]);
}
