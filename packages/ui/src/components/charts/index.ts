import { BarPlot } from './bar-chart.tsx';
import { LinePlot } from './line-chart.tsx';

export { BarChart, type BarChartProps } from './bar-chart.tsx';
export { LineChart, type LineChartProps } from './line-chart.tsx';

/**
 * Loads the charts' plotting code (recharts) ahead of their first render, e.g. when a page that
 * shows charts is about to open; charts rendered afterwards draw their plot at once.
 */
export function preloadCharts(): Promise<void> {
  return Promise.all([LinePlot.preload(), BarPlot.preload()]).then(() => undefined);
}
export { chartVariants, type TimeSeriesChartProps } from './chart-frame.tsx';
export {
  chartPalette,
  assignAxes,
  compactCurrencyTick,
  defaultFormatDate,
  defaultFormatTick,
  defaultFormatValue,
  summariseSeries,
  type ChartDate,
  type ChartDatum,
  type ChartFormatters,
  type ChartSeries,
} from './time-series.ts';
