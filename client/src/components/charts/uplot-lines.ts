/**
 * Daily line charts with uPlot. This module is the only one of the dashboard that imports it and is itself loaded
 * with `import()` when a chart mounts, so uPlot and its CSS are a chunk of their own the first page never downloads.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LineChartData } from './line-chart-data.ts';

/** Whole numbers only: the figures are counts. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];
/** A day's index never has a fraction; steps of a week read well on 30 and 90 days. */
const DAY_STEPS = [1, 2, 7, 14, 28];
const AXIS = { stroke: '#64748b', grid: { stroke: '#f1f5f9', width: 1 }, ticks: { show: false } };

const LEGEND_MIN_WIDTH = 480;

export type DrawnChart = { setSize: (width: number) => void; destroy: () => void };

export function drawLineChart(target: HTMLElement, data: LineChartData, width: number, height: number): DrawnChart {
  const label = (index: number | null | undefined) => (index === null || index === undefined ? '' : (data.labels[index] ?? ''));
  const tick = (index: number) => data.ticks[index] ?? '';
  const chart = new uPlot(
    {
      width,
      height,
      scales: { x: { time: false }, y: { range: (_self, _min, max) => [0, Math.max(4, max)] } },
      axes: [
        { ...AXIS, space: 44, incrs: DAY_STEPS, values: (_self, splits) => splits.map((split) => tick(split)) },
        { ...AXIS, size: 48, incrs: COUNT_STEPS, values: (_self, splits) => splits.map((split) => split.toLocaleString('pt-BR')) },
      ],
      series: [
        { label: 'Dia', value: (_self, index) => label(index) },
        ...data.series.map(({ label: name, color }) => ({ label: name, stroke: color, width: 2, points: { size: 5 } })),
      ],
      // On a phone the totals above the chart name the lines; the legend's hover values need a pointer and room.
      legend: { live: true, show: width >= LEGEND_MIN_WIDTH },
      cursor: { drag: { x: false, y: false } },
    },
    data.columns,
    target,
  );
  return { setSize: (next) => chart.setSize({ width: next, height }), destroy: () => chart.destroy() };
}
