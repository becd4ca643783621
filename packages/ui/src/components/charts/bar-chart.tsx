import * as React from 'react';
import { Bar } from 'recharts';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame.tsx';
import { TimeSeriesPlot } from './time-series-plot.tsx';
import type { ChartDatum } from './time-series.ts';

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
      renderPlot={(formatters) => (
        <TimeSeriesPlot
          data={rest.data}
          series={series}
          formatters={formatters}
          cursor={{ fill: 'var(--gray-a3)' }}
          legendIcon="square"
          renderSeries={(s, { color, axis, barFill }) => (
            <Bar
              key={s.key}
              yAxisId={axis}
              dataKey={s.key}
              name={s.label}
              // Current bars fade from their colour; the previous period is a dashed outline.
              fill={s.previous ? 'transparent' : barFill}
              stroke={s.previous ? color : undefined}
              strokeDasharray={s.previous ? '4 3' : undefined}
              strokeWidth={s.previous ? 1.5 : 0}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
              isAnimationActive={animate}
            />
          )}
        />
      )}
    />
  );
}

/**
 * Values per period as bars (clicks, sales, earnings per day or month), with a text summary and a
 * data table. A `previous` series draws as dashed outlines beside the current bars.
 */
export const BarChart = React.forwardRef(BarChartImpl) as <T extends ChartDatum>(
  props: BarChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
