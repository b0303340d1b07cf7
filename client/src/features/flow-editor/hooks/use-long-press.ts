/**
 * A long press by touch (held 500 ms without moving): the phone's way to a node's menu. The click that follows the
 * release is swallowed, so the press does not also select the node.
 */
import { useRef, type MouseEvent, type PointerEvent } from 'react';

export const LONG_PRESS_MS = 500;
const SLOP = 10;

export function useLongPress(onLongPress: (at: { x: number; y: number }) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      fired.current = false;
      if (event.pointerType !== 'touch' || !event.isPrimary) return cancel();
      const at = { x: event.clientX, y: event.clientY };
      start.current = at;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        fired.current = true;
        start.current = null;
        onLongPress(at);
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLOP) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClickCapture: (event: MouseEvent) => {
      if (!fired.current) return;
      fired.current = false;
      event.stopPropagation();
    },
    onContextMenu: (event: MouseEvent) => {
      // Android opens its own menu on a long press; ours is shown instead.
      if (fired.current || start.current) event.preventDefault();
    },
  };
}
