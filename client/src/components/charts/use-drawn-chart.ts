import { useEffect, useRef, useState } from 'react';

/** A chart on screen: it follows its element's width and is taken down with it. */
export type SizedChart = { setSize(width: number): void; destroy(): void };

/**
 * Draws `data` into the returned ref's element with `draw` (which fetches uPlot on first use, in the caller's own
 * chunk) and keeps it as wide as the element. `draw` must be stable (module level or memoised). `drawn` once it is
 * on screen; `failed` when uPlot could not load.
 */
export function useDrawnChart<D>(data: D, draw: (element: HTMLDivElement, data: D) => Promise<SizedChart>) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let chart: SizedChart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize(element.clientWidth));
    draw(element, data)
      .then((made) => {
        if (cancelled) {
          made.destroy();
          return;
        }
        chart = made;
        observer.observe(element);
        setDrawn(true);
      })
      .catch((error: unknown) => {
        console.warn('Gráfico indisponível', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [data, draw]);

  return { target, failed, drawn };
}
