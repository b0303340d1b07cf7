import { useDrawnChart } from '../../../components/charts/use-drawn-chart.ts';
import type { ChartData } from '../utils/chart-series.ts';

/** uPlot fetched on first use, in the funnels' own chunk (utils/uplot-chart.ts). */
const drawFunnelChart = (element: HTMLDivElement, data: ChartData) =>
  import('../utils/uplot-chart.ts').then(({ drawDailyChart }) => drawDailyChart(element, data, element.clientWidth));

/** A funnel's daily chart, as wide as its element (components/charts/use-drawn-chart.ts). */
export function useUplotChart(data: ChartData) {
  return useDrawnChart(data, drawFunnelChart);
}
