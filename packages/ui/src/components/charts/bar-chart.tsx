import * as React from 'react';
import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  Legend,
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

export type BarChartProps<T extends ChartDatum> = TimeSeriesChartProps<T>;

function BarChartImpl<T extends ChartDatum>(
  { series, animate = 'auto', ...rest }: BarChartProps<T>,
  ref: React.ForwardedRef<HTMLElement>,
) {
  return (
    <ChartFrame
      ref={ref}
      series={series}
      {...rest}
      renderPlot={({ formatValue, formatDate }) => (
        <ResponsiveContainer width="100%" height="100%">
          <RechartsBarChart data={[...rest.data]} margin={chartMargin} accessibilityLayer={false}>
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
              cursor={{ fill: 'var(--gray-a3)' }}
            />
            {series.length > 1 ? (
              <Legend wrapperStyle={legendStyle} iconType="square" itemSorter={null} />
            ) : null}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={seriesColor(s, i)}
                radius={[4, 4, 0, 0]}
                maxBarSize={40}
                isAnimationActive={animate}
              />
            ))}
          </RechartsBarChart>
        </ResponsiveContainer>
      )}
    />
  );
}

/** Values per period as bars (clicks, sales, earnings per day or month), with a text summary and a data table. */
export const BarChart = React.forwardRef(BarChartImpl) as <T extends ChartDatum>(
  props: BarChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
