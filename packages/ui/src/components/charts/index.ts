export { BarChart, type BarChartProps } from './bar-chart.tsx';
export { LineChart, type LineChartProps } from './line-chart.tsx';
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
