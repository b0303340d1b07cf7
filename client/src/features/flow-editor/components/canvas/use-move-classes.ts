import { useCallback, type RefObject } from 'react';

/**
 * Marks the canvas frame while the view moves (flow-canvas.css): set on the element, not in state, so starting and
 * ending a move never re-renders the canvas. A move not started by dragging (the Controls' buttons, the minimap, a
 * pinch; the plain wheel is use-wheel-zoom's) changes the zoom: the viewport is then painted with the page rather
 * than on a layer of its own.
 */
export function useMoveClasses(frameRef: RefObject<HTMLDivElement | null>) {
  const onMoveStart = useCallback(
    (event: MouseEvent | TouchEvent | null) => {
      const dragged = event?.type === 'mousedown' || event?.type === 'touchstart' || event?.type === 'pointerdown';
      frameRef.current?.classList.add(...(dragged ? ['canvas-moving'] : ['canvas-moving', 'canvas-zooming']));
    },
    [frameRef],
  );
  const onMoveEnd = useCallback(() => frameRef.current?.classList.remove('canvas-moving', 'canvas-zooming'), [frameRef]);
  return { onMoveStart, onMoveEnd };
}
