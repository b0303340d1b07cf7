/**
 * While the funnels screen is open: a visit, click, entry or exit of a funnel (`funnels.changed` on the live event
 * stream) refreshes the cards and that funnel's open metrics, and every (re)connect refreshes them too, so figures
 * missed while the stream was down come back. The list also refreshes when the window regains focus and on an
 * interval (api/funnel-requests.ts), for a stream a proxy keeps from arriving.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useLiveFunnels(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return listenToLiveEvents({
      onOpen: () => void queryClient.invalidateQueries({ queryKey: queryKeys.funnels.all }),
      onEvent: (event) => {
        if (event.topic !== 'funnels.changed') return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.funnels.list() });
        if (event.funnelId) void queryClient.invalidateQueries({ queryKey: [...queryKeys.funnels.all, 'metrics', event.funnelId] });
      },
    });
  }, [enabled, queryClient]);
}
