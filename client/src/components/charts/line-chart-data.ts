/** What a daily line chart draws: the x labels and one column per series (uPlot's column layout). */
export type LineSeries = { label: string; color: string };

export type LineChartData = {
  /** The axis' text for each x (the day's index). */
  labels: string[];
  series: readonly LineSeries[];
  /** uPlot's columns: x (0…n-1), then one column per series, in `series` order. */
  columns: [number[], ...number[][]];
};
