/**
 * While a screen is open: listen to the live event stream and pull on every event and on every (re)connect, so a
 * change made elsewhere (a message, a new contact) shows within the pull's round trip and a dropped stream catches
 * up when it is back. `also` runs beside each pull (a screen's own online figures), with the event that caused it.
 */
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared/messages/schemas.ts';
import { listenToLiveEvents } from '../lib/live-events.ts';
import { useSyncNow } from './hooks.ts';

export function useLivePull(also?: (event?: LiveEvent) => void) {
  const syncNow = useSyncNow();
  const extra = useRef(also);
  extra.current = also;
  useEffect(() => {
    const refresh = (event?: LiveEvent) => {
      void syncNow();
      extra.current?.(event);
    };
    return listenToLiveEvents({ onOpen: () => refresh(), onEvent: refresh });
  }, [syncNow]);
}
