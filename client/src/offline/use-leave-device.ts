import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { sessionStore } from '../lib/session-store.ts';
import { toast } from '../lib/toast.ts';
import { forgetPushOnThisDevice } from '../lib/web-push.ts';
import { wipeUserData } from './engine.ts';

/**
 * This device leaves the account (Sair, every session signed out, the account deleted): this browser forgets the
 * session, its cached answers, its push subscription and the user's local database (docs/offline-sync.md#rule-9),
 * and goes to the login screen with `message`.
 */
export function useLeaveDevice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    const { user } = sessionStore().getState();
    forgetPushOnThisDevice();
    sessionStore().clear();
    queryClient.clear();
    toast.success(message);
    // Leave the screens that read the database before deleting it.
    await navigate({ to: '/login', replace: true });
    if (user) await wipeUserData(user.id).catch((error: unknown) => console.warn('Dados locais não apagados', error));
  };
}
