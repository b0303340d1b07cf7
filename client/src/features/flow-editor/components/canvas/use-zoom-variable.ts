import { useStoreApi } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';

/** Steps of the zoom the variable follows: a pinch re-styles the canvas a few times, not on every frame. */
const STEP = 0.05;

/**
 * The canvas zoom as the CSS variable `--canvas-zoom` on the frame, for what must keep a size on the screen
 * whatever the zoom (the handles' touch targets, flow-canvas.css). Set outside React, and only when the zoom
 * crosses a step: a pan changes nothing, and no card re-renders.
 */
export function useZoomVariable(frameRef: RefObject<HTMLDivElement | null>) {
  const store = useStoreApi();
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let shown = Number.NaN;
    const update = (zoom: number) => {
      const stepped = Math.max(STEP, Math.round(zoom / STEP) * STEP);
      if (stepped === shown) return;
      shown = stepped;
      frame.style.setProperty('--canvas-zoom', stepped.toFixed(2));
    };
    update(store.getState().transform[2]);
    return store.subscribe((state) => update(state.transform[2]));
  }, [frameRef, store]);
}
