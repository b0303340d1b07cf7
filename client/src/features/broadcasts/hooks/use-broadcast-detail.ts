import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useBroadcast, useBroadcastProgress, useRefreshBroadcasts } from '../api/broadcast-requests.ts';
import { overlayOne } from '../utils/local-drafts.ts';
import { progressView } from '../utils/progress.ts';
import { useLocalBroadcasts } from './use-local-broadcasts.ts';

/**
 * The detail screen's broadcast (docs/product.md#screen-broadcast-detail): while SENDING the progress and the
 * broadcast are read every 2 s, and the polling stops by itself when the status changes. A broadcast that exists
 * nowhere sends the user back to the list with the load error.
 */
export function useBroadcastDetail(broadcastId: string, online: boolean) {
  const navigate = useNavigate();
  const local = useLocalBroadcasts();
  const [sending, setSending] = useState(false);
  const server = useBroadcast(broadcastId, { enabled: online, polling: sending });
  if ((server.data?.status === 'SENDING') !== sending) setSending(server.data?.status === 'SENDING');
  const progress = useBroadcastProgress(broadcastId, online && sending);
  const refresh = useRefreshBroadcasts();
  const broadcast = local.entries ? overlayOne(broadcastId, server.data, local.entries, local.botNames) : undefined;
  const settled = !online || server.isSuccess || server.isError;
  const missing = local.entries !== undefined && settled && !broadcast;

  // The send ended (seen by the progress poll or the broadcast's own): read everything again — status, times,
  // error and the recipients' final outcomes, whose polling stops with the send.
  const progressStatus = progress.data?.status;
  const [seenStatus, setSeenStatus] = useState<string | undefined>(undefined);
  const status = progressStatus === undefined || progressStatus === 'SENDING' ? server.data?.status : progressStatus;
  useEffect(() => {
    if (status === seenStatus) return;
    if (seenStatus === 'SENDING') void refresh();
    setSeenStatus(status);
  }, [status, seenStatus, refresh]);
  useEffect(() => {
    if (!missing || !online) return;
    toast.error(server.error?.message || BROADCAST_TOASTS.loadFailed, { id: BROADCAST_TOASTS.loadFailed });
    void navigate({ to: '/broadcasts' });
  }, [missing, online, server.error, navigate]);

  const view = broadcast ? progressView(broadcast, broadcast.status === 'SENDING' ? progress.data : null) : undefined;
  return { broadcast, missing, view };
}
