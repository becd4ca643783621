import * as React from 'react';
import { Line, LineChart as RechartsLineChart } from 'recharts';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame';
import { TimeSeriesPlot } from './time-series-plot';
import type { ChartDatum } from './time-series';

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
      renderPlot={(formatters) => (
        <TimeSeriesPlot
          chart={RechartsLineChart}
          data={rest.data}
          series={series}
          formatters={formatters}
          cursor={{ stroke: 'var(--gray-a7)' }}
          legendIcon="plainline"
          renderSeries={(s, color) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={color}
              strokeWidth={2}
              dot={false}
              activeDot={{ r: 4 }}
              connectNulls={false}
              isAnimationActive={animate}
            />
          )}
        />
      )}
    />
  );
}

/** Values over time as lines (clicks, sales, earnings per day), with a text summary and a data table. */
export const LineChart = React.forwardRef(LineChartImpl) as <T extends ChartDatum>(
  props: LineChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
