/**
 * Wheel zoom on the compositor (docs/decisions.md#p-flow-editor): a wheel step does not go through xyflow's store,
 * which would re-render, re-cull, repaint and re-rasterise the canvas at the new scale on every step. During a
 * gesture the viewport element, a layer of its own, is only given the new transform, so the compositor scales what
 * it has; xyflow gets the real viewport (cards entering the view, sharp again) once the wheel has stopped for
 * IDLE_MS. The price, as in a map: while the wheel keeps turning, zooming in magnifies the picture it started from
 * and zooming out shows empty canvas where cards will come. xyflow is not handed the viewport during the gesture
 * either (say every so often, or each time the scale doubles): each time re-renders and re-rasterises the whole
 * screen, a frame far over budget. The zoom follows d3-zoom's own rules (the same factor per wheel delta, the point under the pointer stays put, the flow's min and max zoom).
 * A trackpad pinch (wheel with ctrlKey) and anything inside a `.nowheel` element are left to xyflow.
 */
import { useEffect, type RefObject } from 'react';
import { useReactFlow, type Viewport } from '@xyflow/react';

/** The wheel has stopped turning: the gesture ends. */
const IDLE_MS = 150;

type Gesture = { viewport: Viewport; idle: ReturnType<typeof setTimeout> | undefined };

export function useWheelZoom(frameRef: RefObject<HTMLDivElement | null>, limits: { min: number; max: number }) {
  const { getViewport, setViewport } = useReactFlow();
  const { min, max } = limits;
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let gesture: Gesture | undefined;
    const viewportElement = () => frame.querySelector<HTMLElement>('.react-flow__viewport');

    const end = () => {
      if (gesture) void setViewport(gesture.viewport);
      gesture = undefined;
      frame.classList.remove('canvas-scaling');
    };

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || (event.target instanceof Element && event.target.closest('.nowheel'))) return;
      const element = viewportElement();
      if (!element) return;
      event.preventDefault();
      if (!gesture) {
        gesture = { viewport: getViewport(), idle: undefined };
        frame.classList.add('canvas-scaling');
      }
      // d3-zoom's wheel delta: pixels, lines or pages.
      const delta = -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002);
      const { x, y, zoom } = gesture.viewport;
      const next = Math.min(max, Math.max(min, zoom * 2 ** delta));
      const box = frame.getBoundingClientRect();
      const px = event.clientX - box.left;
      const py = event.clientY - box.top;
      const k = next / zoom;
      gesture.viewport = { x: px - (px - x) * k, y: py - (py - y) * k, zoom: next };
      element.style.transform = `translate(${gesture.viewport.x}px, ${gesture.viewport.y}px) scale(${next})`;
      clearTimeout(gesture.idle);
      gesture.idle = setTimeout(end, IDLE_MS);
    };

    // Capture: seen before xyflow's own listener on the pane, which leaves a plain wheel alone (zoomOnScroll off).
    frame.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => {
      frame.removeEventListener('wheel', onWheel, { capture: true });
      if (gesture) clearTimeout(gesture.idle);
    };
  }, [frameRef, getViewport, setViewport, min, max]);
}
