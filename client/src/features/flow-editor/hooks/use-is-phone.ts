/**
 * The phone layout of the editor (≤ 640 px wide): canvas on the whole screen, library and node panel as bottom
 * sheets, the header folded into a compact bar. Tablets and laptops keep the three columns.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 640px)';

const query = () => globalThis.matchMedia?.(PHONE_QUERY);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches === true, () => false);
}
