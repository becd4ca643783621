import * as React from 'react';
import {
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarChart,
  type LegendType,
  type LineChart,
} from 'recharts';
import {
  seriesColor,
  toDate,
  type ChartDatum,
  type ChartFormatters,
  type ChartSeries,
} from './time-series';

/** Recharts styling in the dark theme's tokens, the same for every time-series chart. */
const axisTick = { fill: 'var(--gray-11)', fontSize: 12 };
const axisLine = { stroke: 'var(--gray-a6)' };
const gridStroke = 'var(--gray-a4)';
const chartMargin = { top: 8, right: 20, bottom: 0, left: 0 };
const tooltipContentStyle: React.CSSProperties = {
  background: 'var(--color-panel-solid)',
  border: '1px solid var(--gray-a6)',
  borderRadius: 'var(--radius-3)',
  boxShadow: 'var(--shadow-4)',
  color: 'var(--gray-12)',
  fontSize: 'var(--font-size-1)',
};
const tooltipLabelStyle: React.CSSProperties = { color: 'var(--gray-11)', marginBottom: 4 };
const legendStyle: React.CSSProperties = {
  fontSize: 'var(--font-size-1)',
  color: 'var(--gray-11)',
};

interface TimeSeriesPlotProps<T extends ChartDatum> {
  /** The recharts chart that lays out the marks. */
  chart: typeof BarChart | typeof LineChart;
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  formatters: ChartFormatters;
  /** What the tooltip draws under the pointer. */
  cursor: React.ComponentProps<typeof Tooltip>['cursor'];
  /** Legend marker, shown when there is more than one series. */
  legendIcon: LegendType;
  /** The mark (bar, line, …) of one series in its colour. */
  renderSeries: (series: ChartSeries<T>, color: string) => React.ReactElement;
}

/**
 * The plot every time-series chart shares: dates along the x axis, formatted values up the y axis,
 * a horizontal grid, a tooltip and, for several series, a legend. Charts differ only in their marks.
 */
export function TimeSeriesPlot<T extends ChartDatum>({
  chart: Chart,
  data,
  series,
  formatters: { formatValue, formatDate },
  cursor,
  legendIcon,
  renderSeries,
}: TimeSeriesPlotProps<T>) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={[...data]} margin={chartMargin} accessibilityLayer={false}>
        <CartesianGrid stroke={gridStroke} vertical={false} />
        <XAxis
          dataKey={(d: T) => toDate(d.date).getTime()}
          type="category"
          tickFormatter={(t: number) => formatDate(new Date(t))}
          tick={axisTick}
          axisLine={axisLine}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          tickFormatter={formatValue}
          tick={axisTick}
          axisLine={false}
          tickLine={false}
          width={56}
        />
        <Tooltip
          contentStyle={tooltipContentStyle}
          labelStyle={tooltipLabelStyle}
          labelFormatter={(t) => formatDate(new Date(Number(t)))}
          formatter={(value) => formatValue(Number(value))}
          cursor={cursor}
        />
        {series.length > 1 ? (
          <Legend wrapperStyle={legendStyle} iconType={legendIcon} itemSorter={null} />
        ) : null}
        {series.map((s, i) => renderSeries(s, seriesColor(s, i)))}
      </Chart>
    </ResponsiveContainer>
  );
}
