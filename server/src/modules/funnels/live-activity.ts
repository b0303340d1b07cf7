/**
 * Funnel activity for the live screens (docs/decisions.md#p-inbox: an event is a hint to pull). A visit, a click,
 * an entry or an exit tells the owner's open streams `funnels.changed`, so a funnel card's figures move without a
 * reload. Page views can arrive by the thousand a second: per funnel, the first one is told at once and the rest of
 * a window of `windowMs` become ONE more event at its end, so a busy funnel costs a stream one event per window.
 */
export const FUNNELS_TOPIC = 'funnels.changed';

export type FunnelActivity = (userId: string, funnelId: string) => void;

export function throttledFunnelActivity(publish: FunnelActivity, windowMs = 1000): FunnelActivity & { close(): void } {
  const windows = new Map<string, { userId: string; again: boolean; timer: ReturnType<typeof setTimeout> }>();
  const open = (userId: string, funnelId: string) => {
    const timer = setTimeout(() => {
      const window = windows.get(funnelId);
      windows.delete(funnelId);
      if (window?.again) {
        publish(window.userId, funnelId);
        open(window.userId, funnelId);
      }
    }, windowMs);
    // A pending trailing event never holds a stopping process up.
    timer.unref();
    windows.set(funnelId, { userId, again: false, timer });
  };
  const activity = (userId: string, funnelId: string) => {
    const window = windows.get(funnelId);
    if (window) {
      window.again = true;
      return;
    }
    publish(userId, funnelId);
    open(userId, funnelId);
  };
  return Object.assign(activity, {
    close() {
      for (const window of windows.values()) clearTimeout(window.timer);
      windows.clear();
    },
  });
}
