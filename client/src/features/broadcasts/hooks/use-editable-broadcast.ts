import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useBroadcast } from '../api/broadcast-requests.ts';
import { overlayOne } from '../utils/local-drafts.ts';
import { useLocalBroadcasts } from './use-local-broadcasts.ts';

/**
 * What the form edits: the broadcast (the server's, with this device's queued changes over it) or, for a new one,
 * the bots to choose from. A broadcast that exists nowhere sends the user back to the list with the load error;
 * offline, `missing` says it is not on this device.
 */
export function useEditableBroadcast(broadcastId: string | undefined, online: boolean) {
  const navigate = useNavigate();
  const local = useLocalBroadcasts();
  const loadFailed = useFirstLoadFailed();
  const editing = broadcastId !== undefined;
  const server = useBroadcast(broadcastId ?? '', { enabled: editing && online });
  const existing = editing && local.entries ? overlayOne(broadcastId, server.data, local.entries, local.botNames) : undefined;
  const serverSettled = !online || server.isSuccess || server.isError;
  const missing = editing && local.entries !== undefined && serverSettled && !existing;

  useEffect(() => {
    if (!editing && local.bots === undefined && loadFailed) toast.error(BROADCAST_TOASTS.loadBotsFailed, { id: BROADCAST_TOASTS.loadBotsFailed });
  }, [editing, local.bots, loadFailed]);
  useEffect(() => {
    if (!missing || !online) return;
    toast.error(server.error?.message || BROADCAST_TOASTS.loadFailed, { id: BROADCAST_TOASTS.loadFailed });
    void navigate({ to: '/broadcasts' });
  }, [missing, online, server.error, navigate]);

  const ready = editing ? Boolean(existing) && serverSettled : local.bots !== undefined;
  return { editing, existing, missing, bots: ready ? local.bots : undefined };
}
