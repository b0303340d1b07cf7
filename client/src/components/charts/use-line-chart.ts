import { useEffect, useRef, useState } from 'react';
import type { LineChartData } from './line-chart-data.ts';
import type { DrawnChart } from './uplot-lines.ts';

/**
 * Draws `data` into the returned ref's element with uPlot, fetched on first use (uplot-lines.ts), and keeps it as
 * wide as the element. `drawn` once it is on screen; `failed` when uPlot could not load.
 */
export function useLineChart(data: LineChartData, height: number) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let chart: DrawnChart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize(element.clientWidth));
    import('./uplot-lines.ts')
      .then(({ drawLineChart }) => {
        if (cancelled) return;
        chart = drawLineChart(element, data, element.clientWidth, height);
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
  }, [data, height]);

  return { target, failed, drawn };
}
