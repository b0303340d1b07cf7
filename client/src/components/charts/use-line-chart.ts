import { useCallback } from 'react';
import type { LineChartData } from './line-chart-data.ts';
import { useDrawnChart } from './use-drawn-chart.ts';

/** `data` as lines with uPlot, fetched on first use (uplot-lines.ts), as wide as its element (use-drawn-chart.ts). */
export function useLineChart(data: LineChartData, height: number) {
  const draw = useCallback(
    (element: HTMLDivElement, lines: LineChartData) => import('./uplot-lines.ts').then(({ drawLineChart }) => drawLineChart(element, lines, element.clientWidth, height)),
    [height],
  );
  return useDrawnChart(data, draw);
}
