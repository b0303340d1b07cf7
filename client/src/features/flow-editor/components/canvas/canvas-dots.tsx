import { useStoreApi } from '@xyflow/react';
import { useEffect, useRef, type CSSProperties } from 'react';

/** The dots' spacing in flow units: the snap grid (flow-canvas.tsx's snapGrid), so a card snaps onto the dots. */
const GAP = 15;
/** One tile of xyflow's dotted background: a dot of radius 0.5 (scaled with the zoom) in the middle, #91919a. */
const TILE = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${GAP}' height='${GAP}'%3E%3Ccircle cx='${GAP / 2}' cy='${GAP / 2}' r='0.5' fill='%2391919a'/%3E%3C/svg%3E")`;

const modulo = (value: number, step: number) => ((value % step) + step) % step;

/**
 * The canvas's dotted background, drawn like xyflow's <Background variant="dots" gap={15}> but cheap to move:
 * xyflow's is an SVG pattern whose offset follows the view, so every frame of a pan would repaint and re-rasterise
 * the whole canvas. Here the dots are one tiled image, its own compositor layer (flow-canvas.css), a little larger
 * than the canvas and only ever shifted by less than one spacing: a pan moves the layer, which the compositor does
 * without painting anything; only a zoom step (a new spacing) repaints it. Written to the element
 * from the store's subscription, so a pan frame renders no React either.
 */
export function CanvasDots() {
  const store = useStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let zoom = Number.NaN;
    const apply = ({ transform }: { transform: [number, number, number] }) => {
      const element = ref.current;
      if (!element) return;
      const [x, y, scale] = transform;
      const gap = GAP * scale;
      if (scale !== zoom) {
        zoom = scale;
        element.style.setProperty('--dots-gap', `${gap}px`);
      }
      // A dot sits at the middle of its tile: shift the tiles so dots fall on the flow's multiples of GAP.
      element.style.transform = `translate3d(${modulo(x, gap) - 1.5 * gap}px, ${modulo(y, gap) - 1.5 * gap}px, 0)`;
    };
    apply(store.getState());
    return store.subscribe(apply);
  }, [store]);
  return <div ref={ref} aria-hidden="true" className="canvas-dots" style={{ '--dots-image': TILE } as CSSProperties} />;
}
