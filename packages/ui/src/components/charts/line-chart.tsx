import * as React from 'react';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame.tsx';
import { lazyWithPreload } from '../../utils/lazy-with-preload.tsx';
import type { LinePlotProps } from './line-plot.tsx';
import type { ChartDatum, ChartSeries } from './time-series.ts';

export interface LineChartProps<T extends ChartDatum> extends TimeSeriesChartProps<T> {
  /** Fill under each current series with a gradient of its colour (default). */
  area?: boolean;
}

/** The plot's code (recharts), loaded on first use. */
export const LinePlot = lazyWithPreload<LinePlotProps>(() =>
  import('./line-plot.tsx').then((module) => module.LinePlot),
);

function LineChartImpl<T extends ChartDatum>(
  { series, animate = 'auto', area = true, ...rest }: LineChartProps<T>,
  ref: React.ForwardedRef<HTMLElement>,
) {
  // Asked for while the data is still loading, so the plot can draw as soon as it arrives.
  React.useEffect(() => void LinePlot.preload().catch(() => {}), []);
  return (
    <ChartFrame
      ref={ref}
      series={series}
      {...rest}
      renderPlot={(formatters) => (
        <LinePlot
          data={rest.data}
          series={series as readonly ChartSeries<ChartDatum>[]}
          formatters={formatters}
          animate={animate}
          area={area}
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
