export { BarChart, type BarChartProps } from './bar-chart';
export { LineChart, type LineChartProps } from './line-chart';
export { chartVariants, type TimeSeriesChartProps } from './chart-frame';
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
} from './time-series';
