import { useState } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { usePendingCount } from '../../../offline/hooks.ts';
import { countPending } from '../../../offline/outbox.ts';
import { useSyncEngine } from '../../../offline/provider.tsx';
import { useLeaveDevice } from '../../../offline/use-leave-device.ts';
import { logoutOnServer } from '../api/logout.ts';

export const LOGOUT_SUCCESS = 'Logout realizado com sucesso!';

/**
 * Sair (docs/offline-sync.md#rule-9): with changes still queued, ask first — leaving discards them. Then revoke on
 * the server (best effort), forget this browser's push subscription, the session and cached answers, and wipe
 * this user's local database so the next person on this browser sees nothing of it.
 */
export function useLogout() {
  const leave = useLeaveDevice();
  const { db } = useSyncEngine();
  const live = usePendingCount();
  // The live count reads 0 until its first query answers: the decision re-reads the outbox at the click.
  const [counted, setCounted] = useState(0);
  const pending = Math.max(live, counted);
  const [confirming, setConfirming] = useState(false);

  async function logout() {
    setConfirming(false);
    const { tokens } = sessionStore().getState();
    // Sent before clearing: the request is built synchronously, with the session still in place.
    if (tokens?.refreshToken) void logoutOnServer(tokens.refreshToken);
    // This browser stops receiving the account's pushes (its DELETE takes the token before the session is cleared).
    await leave(LOGOUT_SUCCESS);
  }

  return {
    pending,
    confirming,
    request: async () => {
      const queued = await countPending(db).catch(() => live);
      setCounted(queued);
      if (queued > 0) setConfirming(true);
      else await logout();
    },
    confirm: () => void logout(),
    cancel: () => setConfirming(false),
  };
}

export const logoutQuestion = (pending: number) =>
  `${pending === 1 ? 'Há 1 alteração que ainda não foi enviada' : `Há ${pending} alterações que ainda não foram enviadas`} ao servidor. ` +
  'Se sair agora, elas serão perdidas. Deseja sair mesmo assim?';
