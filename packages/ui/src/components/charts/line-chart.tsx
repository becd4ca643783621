import * as React from 'react';
import { Area, Line } from 'recharts';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame.tsx';
import { TimeSeriesPlot } from './time-series-plot.tsx';
import type { ChartDatum } from './time-series.ts';

export interface LineChartProps<T extends ChartDatum> extends TimeSeriesChartProps<T> {
  /** Fill under each current series with a gradient of its colour (default). */
  area?: boolean;
}

function LineChartImpl<T extends ChartDatum>(
  { series, animate = 'auto', area = true, ...rest }: LineChartProps<T>,
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
          cursor={{ stroke: 'var(--gray-a7)' }}
          legendIcon="plainline"
          renderSeries={(s, { color, axis, areaFill }) =>
            area && !s.previous ? (
              <Area
                key={s.key}
                yAxisId={axis}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={color}
                strokeWidth={2}
                fill={areaFill}
                dot={false}
                activeDot={{ r: 4, strokeWidth: 0 }}
                connectNulls={false}
                isAnimationActive={animate}
              />
            ) : (
              <Line
                key={s.key}
                yAxisId={axis}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={color}
                strokeWidth={s.previous ? 1.5 : 2}
                strokeDasharray={s.previous ? '5 4' : undefined}
                dot={false}
                activeDot={{ r: 4, strokeWidth: 0 }}
                connectNulls={false}
                isAnimationActive={animate}
              />
            )
          }
        />
      )}
    />
  );
}

/**
 * Values over time as lines over a gradient area (clicks, sales, earnings per day), with a text
 * summary and a data table. A `previous` series draws as a dashed line for comparison.
 */
export const LineChart = React.forwardRef(LineChartImpl) as <T extends ChartDatum>(
  props: LineChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
