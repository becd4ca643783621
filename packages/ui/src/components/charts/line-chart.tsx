import * as React from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart as RechartsLineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame';
import {
  axisLine,
  axisTick,
  chartMargin,
  gridStroke,
  legendStyle,
  tooltipContentStyle,
  tooltipLabelStyle,
} from './plot-style';
import { seriesColor, toDate, type ChartDatum } from './time-series';

export type LineChartProps<T extends ChartDatum> = TimeSeriesChartProps<T>;

function LineChartImpl<T extends ChartDatum>(
  { series, animate = 'auto', ...rest }: LineChartProps<T>,
  ref: React.ForwardedRef<HTMLElement>,
) {
  return (
    <ChartFrame
      ref={ref}
      series={series}
      {...rest}
      renderPlot={({ formatValue, formatDate }) => (
        <ResponsiveContainer width="100%" height="100%">
          <RechartsLineChart data={[...rest.data]} margin={chartMargin} accessibilityLayer={false}>
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
              cursor={{ stroke: 'var(--gray-a7)' }}
            />
            {series.length > 1 ? (
              <Legend wrapperStyle={legendStyle} iconType="plainline" itemSorter={null} />
            ) : null}
            {series.map((s, i) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={seriesColor(s, i)}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4 }}
                connectNulls={false}
                isAnimationActive={animate}
              />
            ))}
          </RechartsLineChart>
        </ResponsiveContainer>
      )}
    />
  );
}

/** Values over time as lines (clicks, sales, earnings per day), with a text summary and a data table. */
export const LineChart = React.forwardRef(LineChartImpl) as <T extends ChartDatum>(
  props: LineChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
