/**
 * While the chat screen is open: listen to the live event stream and pull on every event and on every (re)connect,
 * so an incoming message shows within the pull's round trip and a dropped stream catches up when it is back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { inboxKeys } from '../api/inbox-requests.ts';

export function useLiveInbox() {
  const syncNow = useSyncNow();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void syncNow();
      void queryClient.invalidateQueries({ queryKey: inboxKeys.stats });
    };
    return listenToLiveEvents({ onOpen: refresh, onEvent: refresh });
  }, [syncNow, queryClient]);
}
