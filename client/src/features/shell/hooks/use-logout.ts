import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { logoutOnServer } from '../api/logout.ts';

export const LOGOUT_SUCCESS = 'Logout realizado com sucesso!';

/** Sair: revoke on the server (best effort), forget the session and every cached answer, back to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const refreshToken = sessionStore().getTokens()?.refreshToken;
    // Sent before clearing: the request is built synchronously, with the session still in place.
    if (refreshToken) void logoutOnServer(refreshToken);
    sessionStore().clear();
    queryClient.clear();
    toast.success(LOGOUT_SUCCESS);
    void navigate({ to: '/login', replace: true });
  };
}
