import { useEffect, useRef, useState } from 'react';
import type { ChartData } from '../utils/chart-series.ts';
import type { DailyChart } from '../utils/uplot-chart.ts';

/**
 * Draws `data` into the returned ref's element with uPlot, fetched on first use (utils/uplot-chart.ts), and keeps it
 * as wide as the element. `drawn` once it is on screen; `failed` when uPlot could not load.
 */
export function useUplotChart(data: ChartData) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let chart: DailyChart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize(element.clientWidth));
    import('../utils/uplot-chart.ts')
      .then(({ drawDailyChart }) => {
        if (cancelled) return;
        chart = drawDailyChart(element, data, element.clientWidth);
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
  }, [data]);

  return { target, failed, drawn };
}
