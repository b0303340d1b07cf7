/** What a daily line chart draws: the x labels and one column per series (uPlot's column layout). */
export type LineSeries = { label: string; color: string };

export type LineChartData = {
  /** Each x's name (the day's index → "27 de nov."), in the legend and the screen readers' table. */
  labels: string[];
  /** Each x's short text on the axis ("27/11"), so a week fits a phone's width. */
  ticks: string[];
  series: readonly LineSeries[];
  /** uPlot's columns: x (0…n-1), then one column per series, in `series` order. */
  columns: [number[], ...number[][]];
  /** How a value reads in the screen readers' table (formatNumber when absent). */
  format?: (value: number) => string;
};
