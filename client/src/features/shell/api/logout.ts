import { api } from '../../../lib/api.ts';

/** Revokes the refresh token on the server. Best effort: signing out locally never waits for or depends on it. */
export async function logoutOnServer(refreshToken: string): Promise<void> {
  await api.post('/auth/logout', { refreshToken }).catch(() => undefined);
}
